print("stenciltown")
