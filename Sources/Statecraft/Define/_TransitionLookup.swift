/// Not API: a tabulated definition's answer to "what does this event do in this state, when that runs no
/// hook?", read by the runtime with three loads (see ``MachineDefinition/_transitionLookup``).
///
/// States and events are named by the byte that stores them: this serves payload-free enums of at most
/// one byte (see `LogicTable`). A lookup comes in three variants, each a block the runtime reads the same
/// way:
/// - *plain* (a definition's ``MachineDefinition/_transitionLookup``): a cell holds the byte of the state
///   the machine is in afterwards, below ``observedBit`` — the target of a transition, or, for an ignored
///   event, the row's own state, so that the machine stores it without a test — ``selfTransition`` for a
///   transition to the row's own state, ``ignored`` for an ignored event in a state whose byte is
///   ``observedBit`` or more, or ``askTheDefinition`` when the transition runs a hook, leads to a state
///   whose byte is more than ``largestTarget``, or the state or event is not listed in its type's
///   `allCases`.
///   A machine answers by it while it is idle and nothing could hear of the event.
/// - *observed* (``observedVariant``): the same answers for a machine that has observers to call, each cell
///   telling so — a target's byte with ``observedBit`` set, ``ignoredIfIdle`` for an ignored event, or
///   ``askTheDefinition``. Such a cell is valid only while the machine is not handling an event.
/// - *asking* (``askingVariant``, ``askingTheDefinition``): ``askTheDefinition`` for every pair; or
///   ``askTheDefinitionWithoutSupport`` for every pair (``askingWithoutSupport``).
///
/// The memory belongs to the definition that made the lookup, which keeps it alive and unchanged for as
/// long as the definition exists; a machine holds its definition, so a lookup read from a machine's
/// definition is valid for the whole of any call made on that machine.
public struct _TransitionLookup: @unchecked Sendable {
    /// The cell of an ignored event in a plain lookup, in a state whose byte is more than
    /// ``largestTarget``.
    @inlinable public static var ignored: UInt8 { 0xFF }
    /// The cell of a pair the definition must answer itself.
    @inlinable public static var askTheDefinition: UInt8 { 0xFD }
    /// The cell of a transition from a state to itself in a plain lookup.
    @inlinable public static var selfTransition: UInt8 { 0xFE }
    /// The cell of ``askingWithoutSupport``: the machine is idle and has no support object, and its definition
    /// must answer every pair itself.
    @inlinable public static var askTheDefinitionWithoutSupport: UInt8 { 0xFC }
    /// The cell of an ignored event in an observed lookup: ignored, if the machine is idle. Just above the
    /// observed targets, so that one comparison tells an observed cell.
    @inlinable public static var ignoredIfIdle: UInt8 { 0xFB }
    /// The bit an observed lookup sets in a target's byte. A cell below it is a plain lookup's state.
    @inlinable public static var observedBit: UInt8 { 0x80 }
    /// The largest byte of a state a cell names as a target, so that an observed target is below
    /// ``ignoredIfIdle``. A transition to a state whose byte is larger is asked for.
    @inlinable public static var largestTarget: UInt8 { ignoredIfIdle - 1 - observedBit }

    /// The bytes before ``base`` that every block starts with: an asking lookup (768 zero bytes of index,
    /// so that every row and column is at offset 0, then one cell, ``askTheDefinition``), and, in its last
    /// 8 bytes, the base of the ``observedVariant``.
    @inlinable static var prefixSize: Int { 1024 }

    /// The lookup's index, then its cells: at byte offset `2 * b`, the `UInt16` offset in the cells of the
    /// row of the state whose byte is `b`; at offset `512 + b`, the `UInt8` column of the event whose byte
    /// is `b`; from offset 768, the cells, row by row. Preceded by ``prefixSize`` bytes (see there). One
    /// pointer, so that a machine keeps the lookup in one word.
    @usableFromInline let base: UnsafeRawPointer

    @usableFromInline init(base: UnsafeRawPointer) {
        self.base = base
    }

    /// A lookup every state and event of which is ``askTheDefinition``: what a machine answers by while it
    /// may not answer by its definition's, so that reading the machine's lookup needs no test for `nil`. Its
    /// own ``askingVariant`` and ``observedVariant`` are asking lookups too. Allocated once and never freed.
    @usableFromInline static var askingTheDefinition: _TransitionLookup { askingLookups.generic }

    /// A lookup every state and event of which is ``askTheDefinitionWithoutSupport``: what an idle machine
    /// without a support object answers by when its definition has no lookup, so that it asks the definition
    /// without testing for a support object. Its ``askingVariant`` is ``askingTheDefinition``.
    @usableFromInline static var askingWithoutSupport: _TransitionLookup { askingLookups.withoutSupport }

    /// The two asking lookups, in one block of three: a prefix, the generic one, the one without support.
    private static let askingLookups: (generic: _TransitionLookup, withoutSupport: _TransitionLookup) = {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 3 * prefixSize, alignment: 8)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: 3 * prefixSize)
        let generic = block + prefixSize
        let withoutSupport = generic + prefixSize
        initializePrefix(of: generic, observedBase: generic)
        initializePrefix(of: withoutSupport, observedBase: generic)
        withoutSupport.storeBytes(of: askTheDefinitionWithoutSupport, toByteOffset: 768, as: UInt8.self)
        return (_TransitionLookup(base: generic), _TransitionLookup(base: withoutSupport))
    }()

    /// Allocates a block for a lookup with `index` (768 bytes) and `cells`, its prefix pointing to
    /// `observedBase` (the block's own base when `nil`), and returns the block's base. Free it with
    /// ``deallocateBlock(at:)``.
    static func allocateBlock(
        index: UnsafeRawPointer, cells: [UInt8], observedBase: UnsafeRawPointer? = nil
    ) -> UnsafeMutableRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: prefixSize + 768 + cells.count, alignment: 8)
        let base = block + prefixSize
        initializePrefix(of: base, observedBase: observedBase ?? UnsafeRawPointer(base))
        base.copyMemory(from: index, byteCount: 768)
        cells.withUnsafeBytes { (base + 768).copyMemory(from: $0.baseAddress!, byteCount: cells.count) }
        return base
    }

    /// Frees a block that ``allocateBlock(index:cells:observedBase:)`` returned.
    static func deallocateBlock(at base: UnsafeMutableRawPointer) {
        (base - prefixSize).deallocate()
    }

    /// Writes the ``prefixSize`` bytes before `base`.
    private static func initializePrefix(of base: UnsafeMutableRawPointer, observedBase: UnsafeRawPointer) {
        let prefix = base - prefixSize
        prefix.initializeMemory(as: UInt8.self, repeating: 0, count: prefixSize)
        prefix.storeBytes(of: askTheDefinition, toByteOffset: 768, as: UInt8.self)
        prefix.storeBytes(of: observedBase, toByteOffset: prefixSize - 8, as: UnsafeRawPointer.self)
    }

    /// The asking lookup of this lookup's prefix: one subtraction, no load.
    @inlinable var askingVariant: _TransitionLookup {
        _TransitionLookup(base: base - Self.prefixSize)
    }

    /// The lookup whose prefix this asking lookup is: the inverse of ``askingVariant``.
    @inlinable var prefixedVariant: _TransitionLookup {
        _TransitionLookup(base: base + Self.prefixSize)
    }

    /// The observed lookup that goes with this plain one (see the type's documentation).
    @inlinable var observedVariant: _TransitionLookup {
        _TransitionLookup(base: base.load(fromByteOffset: -8, as: UnsafeRawPointer.self))
    }

    /// The cell of `state` and `event` (see the type's documentation).
    @inlinable @inline(__always)
    public func cell<State, Event>(_ state: State, _ event: Event) -> UInt8 {
        let row = base.load(fromByteOffset: Self.byte(of: state) &<< 1, as: UInt16.self)
        let column = base.load(fromByteOffset: 512 &+ Self.byte(of: event), as: UInt8.self)
        return base.load(fromByteOffset: 768 &+ Int(row) &+ Int(column), as: UInt8.self)
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
