/// Charts made to stress the tools, generated rather than checked in.
package enum HostileCharts {
    /// An SCXML chart of `regions` parallel toggles, each flipped by its own event (`flip0`, `flip1`, …):
    /// 2^regions configurations of 2 · regions + 1 active states each. With 1,000 regions, the chart issue 40
    /// reported unbounded `validate`, `paths`, `check` and `visualize` with.
    package static func parallelToggles(_ regions: Int) -> String {
        var text = #"<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" name="toggles"><parallel id="all">"#
        for region in 0..<regions {
            text += """
                <state id="t\(region)"><state id="t\(region)_off"><transition event="flip\(region)" target="t\(region)_on"/></state>\
                <state id="t\(region)_on"><transition event="flip\(region)" target="t\(region)_off"/></state></state>

                """
        }
        return text + "</parallel></scxml>\n"
    }
}
