/// Not API: a tabulated definition's answer to "what does this event do in this state, when that runs no
/// hook?", read by the runtime with three loads (see ``MachineDefinition/_transitionLookup``).
///
/// States and events are named by the byte that stores them: this serves payload-free enums of at most
/// one byte (see `LogicTable`). A cell holds the byte of the target state, ``ignored``, or ``askTheDefinition``
/// when the transition runs a hook or the state or event is not listed in its type's `allCases`.
///
/// The memory belongs to the definition that made the lookup, which keeps it alive and unchanged for as
/// long as the definition exists; a machine holds its definition, so a lookup read from a machine's
/// definition is valid for the whole of any call made on that machine.
public struct _TransitionLookup: @unchecked Sendable {
    /// The cell of an ignored event.
    @inlinable public static var ignored: UInt8 { 0xFF }
    /// The cell of a pair the definition must answer itself.
    @inlinable public static var askTheDefinition: UInt8 { 0xFE }

    /// The block the lookup reads: 768 bytes of index, then the cells, row by row. At byte offset `2 * b`,
    /// the `UInt16` offset in the cells of the row of the state whose byte is `b`; at offset `512 + b`, the
    /// `UInt8` column of the event whose byte is `b`. One pointer, so that a machine can keep the lookup in
    /// one word (`nil` is the null pointer).
    @usableFromInline let base: UnsafeRawPointer

    @usableFromInline init(base: UnsafeRawPointer) {
        self.base = base
    }

    /// A lookup every state and event of which is ``askTheDefinition``: what a machine's support object holds
    /// instead of a lookup it may not answer by (see `MachineSupport.observedLookup`), so that reading it
    /// needs no test for `nil`. The index is all zeros (every row and column at offset 0) and the one cell
    /// is ``askTheDefinition``; allocated once and never freed.
    static let askingTheDefinition: _TransitionLookup = {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 769, alignment: 4)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: 768)
        block.storeBytes(of: askTheDefinition, toByteOffset: 768, as: UInt8.self)
        return _TransitionLookup(base: UnsafeRawPointer(block))
    }()

    /// The cell of `state` and `event`: a target state's byte (below ``askTheDefinition``), ``ignored`` or
    /// ``askTheDefinition``.
    ///
    /// - Parameter bias: How far ``base`` lies past the block's start: 0, or 1 for a lookup made from a
    ///   machine's tagged word, whose lowest bit is set. A constant, so that it folds into the loads'
    ///   displacements.
    @inlinable @inline(__always)
    public func cell<State, Event>(_ state: State, _ event: Event, biasedBy bias: Int = 0) -> UInt8 {
        let row = base.load(fromByteOffset: (Self.byte(of: state) &<< 1) &- bias, as: UInt16.self)
        let column = base.load(fromByteOffset: (512 &- bias) &+ Self.byte(of: event), as: UInt8.self)
        return base.load(fromByteOffset: (768 &- bias) &+ Int(row) &+ Int(column), as: UInt8.self)
    }

    /// The byte that stores `value`; 0 for a type of size 0 (a single case).
    ///
    /// Only meaningful for types of at most one byte with no references, whose values are that byte.
    @inlinable @inline(__always)
    public static func byte<T>(of value: T) -> Int {
        if MemoryLayout<T>.size == 0 { return 0 }
        return withUnsafeBytes(of: value) { Int($0.load(as: UInt8.self)) }
    }

    /// The value of type `T` stored as `byte`, for a type of one byte; `onlyValue` for a type of size 0.
    ///
    /// Only called with the byte of a value of `T` (a cell's target), so that reading it back gives
    /// that value.
    @inlinable @inline(__always)
    public static func value<T>(ofByte byte: UInt8, orOnly onlyValue: @autoclosure () -> T) -> T {
        if MemoryLayout<T>.size == 0 { return onlyValue() }
        return withUnsafeBytes(of: byte) { $0.load(as: T.self) }
    }
}
