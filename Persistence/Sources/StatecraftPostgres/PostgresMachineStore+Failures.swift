import PostgresNIO
import StatecraftPersistence

extension PostgresMachineStore {
    /// The typed error that `error` is, or `nil` when it means the connection was lost (closed by the
    /// server, refused, reset, or silent past the attempt's time limit) and the operation may be retried.
    ///
    /// Server errors of class 08 (connection exception) and 57P (the server is shutting down, restarting
    /// or terminated the session) count as lost connections; any other server error is
    /// ``MachineStoreError/database(_:)`` with the server's message.
    static func storeError(_ error: any Error) -> MachineStoreError? {
        switch error {
        case let error as MachineStoreError:
            return error
        case let error as PostgresTransactionError:
            // A conflict or a duplicate thrown by the transaction's body, else the first failed step.
            if let body = error.closureError as? MachineStoreError { return body }
            guard let step = error.beginError ?? error.closureError ?? error.commitError else {
                return .database(describe(error))
            }
            return storeError(step)
        case let error as PSQLError:
            if error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? ""
                return state.hasPrefix("08") || state.hasPrefix("57P") ? nil : .database(describe(error))
            }
            let lost: [PSQLError.Code] = [
                .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed,
                .queryCancelled,
            ]
            return lost.contains(error.code) ? nil : .database(describe(error))
        case is PostgresDecodingError:
            return .database(describe(error))
        case is CancellationError:
            return .database("the operation was cancelled")
        default:
            // Time limits and socket errors (refused, reset, timed out).
            return nil
        }
    }

    /// A short sentence for `error`: the server's message, or what happened to the connection.
    ///
    /// `PSQLError`'s own description hides everything (it may carry query text); this one names the error
    /// code, the server's message and SQLSTATE, and the socket error underneath.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as PSQLError:
            var text = "\(error.code)"
            if let message = error.serverInfo?[.message] {
                text += ": \(message)"
                if let state = error.serverInfo?[.sqlState] { text += " (SQLSTATE \(state))" }
            }
            if let underlying = error.underlying { text += ": \(underlying)" }
            return text
        case let error as PostgresTransactionError:
            guard let step = error.beginError ?? error.closureError ?? error.commitError else {
                return "the transaction failed"
            }
            return describe(step)
        default:
            // postgres-nio's pool errors (a lease on a pool shut down after a loss) name only their case.
            if String(describing: type(of: error)) == "ConnectionPoolError" {
                return "no pooled connection (\(error))"
            }
            return "\(error)"
        }
    }
}
