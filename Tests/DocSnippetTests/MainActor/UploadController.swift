// swift-format-ignore-file
// (Documentation samples: kept exactly as the docs show them.)
import Statecraft

// "Using Statecraft from the main actor": a main-actor object approving a guarded machine's changes.

/// Guards direct assignments of an upload's state; the machine holds it weakly.
@MainActor
final class UploadController: @MainActor TransitionApprover {
    enum State: Equatable { case ready, uploading, done, failed }

    lazy var machine = GuardedStateMachine(initialState: State.ready, approver: self)
    private(set) var status = "Ready"

    func shouldTransition(from: State, to: State) -> Bool {
        switch (from, to) {
        case (.ready, .uploading), (.uploading, .done), (.uploading, .failed), (_, .ready): true
        default: false
        }
    }

    func didTransition(from: State, to: State) {
        status = switch to {
        case .ready: "Ready"
        case .uploading: "Uploading…"
        case .done: "Uploaded"
        case .failed: "Failed"
        }
    }
}
