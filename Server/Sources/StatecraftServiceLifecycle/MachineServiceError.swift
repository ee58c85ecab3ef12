/// Why ``MachineService`` refused work.
public enum MachineServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The service is shutting down (or has stopped): it takes no new event. `service` is the service's
    /// name, `work` what was refused (`event flip to lamp`, or the name given to
    /// ``MachineService/perform(_:_:)``).
    case shuttingDown(service: String, work: String)

    /// A sentence naming the service and what it refused.
    public var description: String {
        switch self {
        case .shuttingDown(let service, let work):
            "service \"\(service)\" is shutting down: \(work) was refused"
        }
    }
}
