import Statecraft
import StatecraftAnalysis
import StatecraftSCXML
import Testing

enum V: String, Hashable, Sendable, CustomStringConvertible {
    case a, b, c, lost, stuck, p, r1, r1a, r1f, r2, r2a, r2b, out, hist, x, done
    var description: String { rawValue }
}

enum VE: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case go, next, eject
    var description: String { rawValue }
}

typealias VChart = Statechart<V, VE, Int>

/// The findings of `rule` on a chart's space, offering `events`.
func findings(_ chart: VChart, _ rule: any ValidationRule, events: [VE] = VE.allCases) -> [ValidationFinding] {
    MachineValidator(rules: [rule]).validate(StateSpace.explore(chart, events: events))
}

@Suite("Validation rules")
struct ValidationTests {
    @Test("unreachable-state names the state no event sequence enters")
    func unreachable() throws {
        let chart = try VChart(initial: .a, context: 0) {
            ChartState(.a) { OnEvent(.go, target: .b) }
            ChartState(.b) { OnEvent(.go, target: .a) }
            ChartState(.lost) { OnEvent(.go, target: .a) }
        }
        let found = findings(chart, UnreachableStateRule(), events: [.go])
        #expect(found.map(\.state) == ["lost"])
        #expect(
            found.first?.description
                == "warning: state 'lost' is unreachable: no event sequence from the start enters it [unreachable-state]"
        )
    }

    @Test("trap-state names a non-final state nothing leaves, with the events that reach it")
    func trap() throws {
        let chart = try VChart(initial: .a, context: 0) {
            ChartState(.a) { OnEvent(.go, target: .b) }
            ChartState(.b) {
                OnEvent(.next, target: .stuck)
                OnEvent(.go, target: .done)
            }
            ChartState(.stuck) { OnEvent(.go, action: { count, _ in count = min(count + 1, 3) }) }
            FinalState(.done)
        }
        let found = findings(chart, TrapStateRule())
        #expect(found.map(\.state) == ["stuck"])
        #expect(found.first?.message.contains("(after \"go next\")") == true)
    }

    @Test("unhandled-event names an event of the alphabet that no reachable configuration takes")
    func unhandled() throws {
        let chart = try VChart(initial: .a, context: 0) {
            ChartState(.a) { OnEvent(.go, target: .b) }
            ChartState(.b) { OnEvent(.go, target: .a) }
            ChartState(.lost) { OnEvent(.eject, target: .a) }
        }
        let found = findings(chart, UnhandledEventRule())
        #expect(found.map(\.event) == ["next", "eject"])
        #expect(found.last?.transition == 2)
    }

    @Test("shadowed-transition lists transitions in document order, whatever order the exploration meets them")
    func shadowedInDocumentOrder() throws {
        let chart = try VChart(initial: .a, context: 0) {
            ChartState(.b) {
                OnEvent(.go, target: .a)
                OnEvent(.go, target: .c)
            }
            ChartState(.a) {
                OnEvent(.go, target: .b)
                OnEvent(.go, target: .c)
            }
            ChartState(.c) { OnEvent(.go, target: .a) }
        }
        let found = findings(chart, ShadowedTransitionRule())
        #expect(found.map(\.transition) == [1, 3])
        #expect(found.map(\.state) == ["b", "a"])
    }

    @Test("shadowed-transition names a transition an earlier one always takes the event from")
    func shadowed() throws {
        let chart = try VChart(initial: .a, context: 0) {
            ChartState(.a) {
                OnEvent(.go, target: .b)
                OnEvent(.go, target: .c)
                OnEvent(.next, target: .c, when: { count, _ in count > 0 })
            }
            ChartState(.b) { OnEvent(.go, target: .a) }
            ChartState(.c) { OnEvent(.go, target: .a) }
        }
        let found = findings(chart, ShadowedTransitionRule())
        #expect(found.map(\.transition) == [1])
        #expect(
            found.first?.message == "transition 'a --go--> c' is never taken: whenever 'go' arrives in 'a', "
                + "'a --go--> b' takes it first")
        // The guarded `next` is never taken either, but nothing shadows it: its guard is false.
        #expect(findings(chart, ConflictingRegionsRule()).isEmpty)
    }

    @Test("conflicting-regions names a region's transition that always loses to another region's")
    func conflictingRegions() throws {
        let chart = try VChart(initial: .p, context: 0) {
            ParallelState(.p) {
                ChartState(.r1, initial: .r1a) { ChartState(.r1a) { OnEvent(.go, target: .out) } }
                ChartState(.r2, initial: .r2a) {
                    ChartState(.r2a) { OnEvent(.go, target: .r2b) }
                    ChartState(.r2b)
                }
            }
            ChartState(.out) { OnEvent(.next, target: .p) }
        }
        let found = findings(chart, ConflictingRegionsRule())
        #expect(found.map(\.state) == ["r2a"])
        #expect(found.first?.message.contains("in parallel state 'p' is never taken") == true)
        #expect(findings(chart, ShadowedTransitionRule()).isEmpty)
        // r2b is unreachable for the same reason.
        #expect(findings(chart, UnreachableStateRule()).map(\.state) == ["r2b"])
    }

    @Test("unrecorded-history names a history state whose parent is never exited")
    func unrecordedHistory() throws {
        let chart = try VChart(initial: .x, context: 0) {
            ChartState(.x) { OnEvent(.go, target: .hist) }
            ChartState(.a, initial: .b) {
                HistoryState(.hist, default: .b)
                ChartState(.b) { OnEvent(.next, target: .c) }
                ChartState(.c) { OnEvent(.next, target: .b) }
            }
        }
        let found = findings(chart, UnrecordedHistoryRule())
        #expect(found.map(\.state) == ["hist"])
    }

    @Test("unreached-final names a region's final state that is never entered")
    func unreachedFinal() throws {
        let chart = try VChart(initial: .p, context: 0) {
            ParallelState(.p) {
                OnDone(.p, target: .done)
                ChartState(.r1, initial: .r1a) {
                    ChartState(.r1a) { OnEvent(.go, target: .r1f) }
                    FinalState(.r1f)
                }
                ChartState(.r2, initial: .r2a) {
                    ChartState(.r2a) { OnEvent(.next, target: .r2b) }
                    ChartState(.r2b) { OnEvent(.next, target: .r2a) }
                    FinalState(.out)
                }
            }
            FinalState(.done)
        }
        let found = findings(chart, UnreachedFinalStateRule())
        #expect(found.map(\.state) == ["out"])
        #expect(found.first?.message.contains("parallel state 'p' can never be done") == true)
        // `done` is unreachable too, but the final state of the region is not reported twice.
        #expect(findings(chart, UnreachableStateRule()).map(\.state) == ["done"])
    }

    @Test("eventless-cycle names the eventless transitions of a step that never settles")
    func eventlessCycle() throws {
        let chart = try VChart(initial: .x, context: 0) {
            ChartState(.x) { OnEvent(.go, target: .a) }
            ChartState(.a) { Always(target: .b) }
            ChartState(.b) { Always(target: .a) }
        }
        let found = findings(chart, EventlessCycleRule())
        #expect(found.map(\.severity) == [.error])
        #expect(
            found.first?.message == "the step after \"go\" never settles: eventless transitions "
                + "'a --eventless--> b', 'b --eventless--> a' loop until the microstep limit")
        // A cycle with a guard that turns false settles.
        let guarded = try VChart(initial: .x, context: 0) {
            ChartState(.x) { OnEvent(.go, target: .a) }
            ChartState(.a) { Always(target: .b, when: { count, _ in count < 3 }, action: { count, _ in count += 1 }) }
            ChartState(.b) { Always(target: .a) }
        }
        #expect(findings(guarded, EventlessCycleRule()).isEmpty)
    }

    @Test("Clean charts have no findings", arguments: [0, 1])
    func clean(_ which: Int) throws {
        let space: StateSpace
        if which == 0 {
            space = StateSpace.explore(try playerChart())
        } else {
            let chart = try VChart(initial: .a, context: 0) {
                ChartState(.a) { OnEvent(.go, target: .b) }
                ChartState(.b) {
                    OnEvent(.next, target: .c)
                    OnEvent(.go, target: .a)
                }
                ChartState(.c) { OnEvent(.eject, target: .done) }
                FinalState(.done)
            }
            space = StateSpace.explore(chart)
        }
        #expect(MachineValidator().validate(space) == [])
    }

    @Test("An incomplete space skips the absence rules and says so")
    func incomplete() throws {
        let space = StateSpace.explore(try counterChart(), limits: ExplorationLimits(maxConfigurations: 10))
        let found = MachineValidator().validate(space)
        #expect(found.map(\.rule) == ["incomplete-exploration"])
        #expect(found.first?.severity == .note)
    }

    @Test("SCXML findings carry the file and line of the state or transition")
    func locations() throws {
        let document = try scxml(doorWithAnUnreachableState, file: "door.scxml")
        let model = try SCXMLExplorationModel(document: document)
        let found = MachineValidator().validate(model.validationSubject(of: StateSpaceExplorer(model).explore()))
        #expect(
            found.map(\.description) == [
                "door.scxml:7:3: warning: state 'c' is unreachable: no event sequence from the start enters it [unreachable-state]",
                "door.scxml:4:5: warning: transition 'a --go.now--> c' is never taken: whenever 'go.now' arrives in 'a', "
                    + "'a --go--> b' (line 3) takes it first [shadowed-transition]",
            ])
    }

    @Test("Rules are chosen by identifier; an unknown one is an error naming the known ones")
    func ruleSelection() throws {
        #expect(try MachineValidator(ruleIDs: ["trap-state"]).rules.map(\.id) == ["trap-state"])
        #expect(throws: UnknownValidationRuleError.self) { try MachineValidator(ruleIDs: ["nope"]) }
        #expect(Set(MachineValidator.allRules.map(\.id)).count == 9)
    }
}
