/// An async operation invoked by a state: one ``InvocationTask`` on the machine's run loop whose result
/// or error becomes an event of the machine.
final class OperationInvocation: InvocationHandle {
    private let task: InvocationTask

    /// Schedules `operation`; its outcome is mapped to an event on the machine's isolation.
    init<Output: Sendable, Event>(
        host: InvocationHost, operation: @escaping @Sendable () async throws -> Output,
        onDone: @escaping (Output) -> Event, onError: @escaping (any Error) -> Event
    ) {
        task = InvocationTask(
            work: { _ in
                do {
                    return Result<Output, any Error>.success(try await operation())
                } catch {
                    // A cancelled invocation delivers nothing; any other error is the operation's outcome.
                    if Task.isCancelled { return nil }
                    return Result<Output, any Error>.failure(error)
                }
            },
            completion: { outcome in
                guard let outcome = outcome as? Result<Output, any Error> else { return }
                switch outcome {
                case .success(let output): host.sendToParent(onDone(output))
                case .failure(let error): host.sendToParent(onError(error))
                }
            })
        host.schedule(task)
    }

    func cancel() {
        task.cancel()
    }

    /// An operation takes no events.
    func receive(_ event: Any) -> Bool { false }
}
