// Seed 001's screen: a list that can be refreshed, showing an error when the refresh fails.
// One immutable schema, shared by any number of machines, each bound to a subject.
import Statecraft

enum ScreenState {
    case list, refreshing, error
}

enum ScreenEvent {
    case refresh, showList, showError, dismissError
}

/// The subject: what the transition blocks act on. Here it only prints.
struct Screen {
    let name: String
    func perform(_ action: String) { print("[\(name)] \(action)") }
}

let schema = StateMachineSchema<ScreenState, ScreenEvent, Screen>(initialState: .list) { state, event in
    switch state {
    case .list:
        switch event {
        case .refresh: return (.refreshing, { $0.perform("refresh") })
        case .showList, .showError, .dismissError: return nil
        }
    case .refreshing:
        switch event {
        case .refresh, .dismissError: return nil
        case .showList: return (.list, { $0.perform("show list") })
        case .showError: return (.error, { $0.perform("show error") })
        }
    case .error:
        switch event {
        case .refresh: return (.refreshing, { $0.perform("refresh") })
        case .showList, .showError: return nil
        case .dismissError: return (.list, { $0.perform("dismiss error") })
        }
    }
}

let songs = StateMachine(schema: schema, subject: Screen(name: "songs"))
let albums = StateMachine(schema: schema, subject: Screen(name: "albums"))
songs.didTransition = { old, event, new in print("songs:  \(old) --\(event)--> \(new)") }
albums.didTransition = { old, event, new in print("albums: \(old) --\(event)--> \(new)") }

if !songs.handle(.dismissError) { print("songs:  dismissError ignored in \(songs.state)") }
songs.handle(.refresh)
songs.handle(.showError)
songs.handle(.dismissError)
albums.handle(.refresh)
albums.handle(.showList)
