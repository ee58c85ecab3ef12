import Statecraft

/// An order's states.
public enum OrderState: String, Codable, Hashable, Sendable, CaseIterable {
    case open, placed, paid, packed, shipped, delivered, cancelled, refunded
}

/// What can happen to an order. `expire` is the payment timeout's timer, never in an ``OrderStream``.
public enum OrderEvent: String, Codable, Hashable, Sendable, CaseIterable {
    case addItem, removeItem, place, pay, pack, ship, deliver, cancel, refund, expire
}

/// What an order holds: its items and total, in cents.
public struct OrderContext: Codable, Hashable, Sendable {
    /// The number of items.
    public var items = 0
    /// The total, in cents.
    public var total = 0
    /// The amount refunded, in cents.
    public var refunded = 0

    /// An empty order.
    public init() {}
}

/// The order workflow of the `orders` example: items are added to an open order, which is placed, paid,
/// packed, shipped and delivered; it may be cancelled before payment and refunded after it until shipped.
/// With a payment timeout, a placed order not paid in time is cancelled by a durable timer.
public enum OrderChart {
    /// The chart.
    public typealias Chart = Statechart<OrderState, OrderEvent, OrderContext>

    /// Builds the chart.
    ///
    /// - Parameter paymentTimeout: How long a placed order waits for its payment before it is cancelled;
    ///   `nil` (the default) waits for ever.
    /// - Returns: The chart.
    public static func make(paymentTimeout: Duration? = nil) -> Chart {
        do {
            return try Chart(initial: .open, context: OrderContext()) {
                ChartState(.open) {
                    OnEvent(
                        .addItem,
                        action: { order, _ in
                            order.items += 1
                            order.total += 250 + 125 * order.items
                        })
                    OnEvent(
                        .removeItem, when: { order, _ in order.items > 0 },
                        action: { order, _ in
                            order.total -= 250 + 125 * order.items
                            order.items -= 1
                        })
                    OnEvent(.place, target: .placed, when: { order, _ in order.items > 0 })
                    OnEvent(.cancel, target: .cancelled)
                }
                ChartState(.placed) {
                    if let paymentTimeout {
                        AfterDelay(paymentTimeout, send: .expire, id: "payment-timeout", target: .cancelled)
                    }
                    OnEvent(.pay, target: .paid)
                    OnEvent(.cancel, target: .cancelled)
                }
                ChartState(.paid) {
                    OnEvent(.pack, target: .packed)
                    OnEvent(.refund, target: .refunded, action: { order, _ in order.refunded = order.total })
                }
                ChartState(.packed) {
                    OnEvent(.ship, target: .shipped)
                    OnEvent(.refund, target: .refunded, action: { order, _ in order.refunded = order.total })
                }
                ChartState(.shipped) { OnEvent(.deliver, target: .delivered) }
                FinalState(.delivered)
                FinalState(.cancelled)
                FinalState(.refunded)
            }
        } catch {
            preconditionFailure("The order chart is invalid: \(error)")
        }
    }
}
