/// The body of `POST /machines`: an optional identifier (a UUID is chosen without one).
struct CreateMachineRequest: Codable, Equatable {
    /// The new machine's identifier.
    var id: String?
}

/// The body of `POST /machines/{id}/events`: the event's name and optional data.
struct EventRequest: Codable, Equatable {
    /// The event's name.
    var name: String
    /// The event's data, `_event.data` in the chart.
    var data: JSONValue?
}

/// The answer of `GET /machines`.
struct MachineList: Codable, Equatable {
    /// The machines' identifiers, sorted.
    var machines: [String]
}
