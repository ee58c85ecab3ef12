#if os(Linux)
    import Foundation
    import Glibc

    /// A TCP listener on a free loopback port that accepts connections (the kernel does, from its backlog) and
    /// never answers: a server that hangs.
    final class SilentListener: Sendable {
        let port: Int
        private let descriptor: Int32

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && listen(descriptor, 8) == 0
                        && getsockname(descriptor, address, &length) == 0
                }
            }
            guard descriptor >= 0, bound else {
                _ = Glibc.close(descriptor)
                throw POSIXError(.EADDRNOTAVAIL)
            }
            self.descriptor = descriptor
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        func close() {
            _ = Glibc.close(descriptor)
        }
    }
#endif
