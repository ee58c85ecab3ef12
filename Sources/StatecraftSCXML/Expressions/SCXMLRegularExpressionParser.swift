/// Reads a regular-expression pattern into a tree (``SCXMLRegularExpression``'s subset), which then
/// compiles to the automaton's instructions. Never traps: every malformed or unsupported pattern is a
/// ``SCXMLExpressionError/syntax(_:offset:)`` naming the offset.
struct SCXMLRegularExpressionParser {
    /// A set of UTF-16 code units: ranges, possibly negated.
    struct UnitSet: Hashable, Sendable {
        var ranges: [ClosedRange<UInt16>]
        var isNegated = false

        func contains(_ unit: UInt16, ignoringCase: Bool) -> Bool {
            var found = ranges.contains { $0.contains(unit) }
            if !found, ignoringCase, let other = Self.otherCase(of: unit) {
                found = ranges.contains { $0.contains(other) }
            }
            return found != isNegated
        }

        /// The other case of an ASCII letter.
        static func otherCase(of unit: UInt16) -> UInt16? {
            switch unit {
            case 0x41...0x5A: unit + 0x20
            case 0x61...0x7A: unit - 0x20
            default: nil
            }
        }

        static let digits = UnitSet(ranges: [0x30...0x39])
        static let word = UnitSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        static let space = UnitSet(ranges: [
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
            0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
        ])
        /// `.`: anything but a line terminator.
        static let notLineTerminator = UnitSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], isNegated: true)

        func negated() -> UnitSet { UnitSet(ranges: ranges, isNegated: !isNegated) }
    }

    /// A parsed pattern.
    indirect enum Node {
        case consume(UnitSet)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int?)
        case lineStart
        case lineEnd

        /// The number of instructions ``emit(into:)`` appends; `nil` past any sensible size.
        var programSize: Int? {
            func sum(_ nodes: [Node]) -> Int? {
                var total = 0
                for node in nodes {
                    guard let size = node.programSize else { return nil }
                    total += size
                    if total > SCXMLRegularExpression.maximumProgramSize { return nil }
                }
                return total
            }
            switch self {
            case .consume, .lineStart, .lineEnd: return 1
            case .sequence(let nodes): return sum(nodes)
            case .alternation(let nodes):
                // Each branch but the last: a split before and a jump after.
                return sum(nodes).map { $0 + 2 * (nodes.count - 1) }
            case .repetition(let node, let minimum, let maximum):
                guard let size = node.programSize else { return nil }
                let copies = maximum ?? (minimum + 1)
                let (total, overflow) = (size + 2).multipliedReportingOverflow(by: max(copies, 1))
                return overflow || total > SCXMLRegularExpression.maximumProgramSize ? nil : total
            }
        }

        /// Appends the instructions that match this node.
        func emit(into program: inout [SCXMLRegularExpression.Instruction]) {
            switch self {
            case .consume(let set): program.append(.consume(set))
            case .lineStart: program.append(.lineStart)
            case .lineEnd: program.append(.lineEnd)
            case .sequence(let nodes):
                for node in nodes { node.emit(into: &program) }
            case .alternation(let nodes):
                var jumps: [Int] = []
                for (index, node) in nodes.enumerated() {
                    if index == nodes.count - 1 {
                        node.emit(into: &program)
                        break
                    }
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    node.emit(into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let node, let minimum, let maximum):
                for _ in 0..<minimum { node.emit(into: &program) }
                if let maximum {
                    // Each optional copy: split to it or past every remaining copy.
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, 0))
                        node.emit(into: &program)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    program.append(.split(loop + 1, 0))
                    node.emit(into: &program)
                    program.append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }

    private let units: [UInt16]
    private var position = 0
    private var depth = 0
    private static let maximumDepth = 64

    init(pattern: String) {
        units = Array(pattern.utf16)
    }

    mutating func parse() throws(SCXMLExpressionError) -> Node {
        let node = try alternation()
        if position < units.count {
            throw .syntax("unmatched ')' in the regular expression", offset: position)
        }
        return node
    }

    private func peek() -> UInt16? { position < units.count ? units[position] : nil }

    private mutating func alternation() throws(SCXMLExpressionError) -> Node {
        var branches = [try sequence()]
        while peek() == 0x7C { // |
            position += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(SCXMLExpressionError) -> Node {
        var nodes: [Node] = []
        while let unit = peek(), unit != 0x7C, unit != 0x29 { // | )
            let atom = try self.atom()
            nodes.append(try quantified(atom))
        }
        return nodes.count == 1 ? nodes[0] : .sequence(nodes)
    }

    private mutating func quantified(_ atom: Node) throws(SCXMLExpressionError) -> Node {
        guard let unit = peek() else { return atom }
        let start = position
        let bounds: (Int, Int?)
        switch unit {
        case 0x2A: bounds = (0, nil) // *
        case 0x2B: bounds = (1, nil) // +
        case 0x3F: bounds = (0, 1) // ?
        case 0x7B: // {
            guard let counted = try countedBounds() else { return atom }
            bounds = counted
            position -= 1
        default: return atom
        }
        position += 1
        if case .lineStart = atom { throw .syntax("nothing to repeat in the regular expression", offset: start) }
        if case .lineEnd = atom { throw .syntax("nothing to repeat in the regular expression", offset: start) }
        if peek() == 0x3F { position += 1 } // a lazy quantifier: the same matches, for search and test
        if peek().map({ [0x2A, 0x2B, 0x3F].contains($0) }) == true {
            throw .syntax("nothing to repeat in the regular expression", offset: position)
        }
        return .repetition(atom, minimum: bounds.0, maximum: bounds.1)
    }

    /// `{n}`, `{n,}` or `{n,m}` at the position, leaving the position on its `}`; `nil` (position
    /// unchanged) when the brace starts no quantifier, as ECMAScript reads a lone `{` as a character.
    private mutating func countedBounds() throws(SCXMLExpressionError) -> (Int, Int?)? {
        let start = position
        position += 1
        func number() -> Int? {
            var value: Int?
            while let unit = peek(), (0x30...0x39).contains(unit) {
                value = min((value ?? 0) * 10 + Int(unit - 0x30), 100_000)
                position += 1
            }
            return value
        }
        guard let minimum = number() else {
            position = start
            return nil
        }
        var maximum: Int? = minimum
        if peek() == 0x2C {
            position += 1
            maximum = number()
        }
        guard peek() == 0x7D else {
            position = start
            return nil
        }
        position += 1
        if let maximum, maximum < minimum {
            throw .syntax("the numbers of a {n,m} quantifier are out of order", offset: start)
        }
        return (minimum, maximum)
    }

    private mutating func atom() throws(SCXMLExpressionError) -> Node {
        let start = position
        let unit = units[position]
        position += 1
        switch unit {
        case 0x5E: return .lineStart // ^
        case 0x24: return .lineEnd // $
        case 0x2E: return .consume(.notLineTerminator) // .
        case 0x5B: return .consume(try characterClass()) // [
        case 0x5C: return .consume(try escape(inClass: false)) // backslash
        case 0x28: // (
            if peek() == 0x3F { // (?
                guard position + 1 < units.count, units[position + 1] == 0x3A else {
                    throw .syntax(
                        "lookaround and named groups are not supported in regular expressions", offset: start)
                }
                position += 2
            }
            depth += 1
            defer { depth -= 1 }
            if depth > Self.maximumDepth {
                throw .syntax("the regular expression nests groups too deeply", offset: start)
            }
            let inner = try alternation()
            guard peek() == 0x29 else { throw .syntax("unterminated group in the regular expression", offset: start) }
            position += 1
            return inner
        case 0x2A, 0x2B, 0x3F:
            throw .syntax("nothing to repeat in the regular expression", offset: start)
        default:
            return .consume(UnitSet(ranges: [unit...unit]))
        }
    }

    private mutating func escape(inClass: Bool) throws(SCXMLExpressionError) -> UnitSet {
        guard let unit = peek() else { throw .syntax("the regular expression ends with '\\'", offset: position - 1) }
        position += 1
        switch unit {
        case 0x64: return .digits // d
        case 0x44: return UnitSet.digits.negated() // D
        case 0x77: return .word // w
        case 0x57: return UnitSet.word.negated() // W
        case 0x73: return .space // s
        case 0x53: return UnitSet.space.negated() // S
        case 0x6E: return UnitSet(ranges: [0x0A...0x0A]) // n
        case 0x72: return UnitSet(ranges: [0x0D...0x0D]) // r
        case 0x74: return UnitSet(ranges: [0x09...0x09]) // t
        case 0x31...0x39:
            throw .syntax("backreferences are not supported in regular expressions", offset: position - 2)
        case 0x62 where !inClass, 0x42:
            throw .syntax("word boundaries (\\b, \\B) are not supported in regular expressions", offset: position - 2)
        case 0x41...0x5A, 0x61...0x7A, 0x30:
            throw .syntax(
                "the escape '\\\(Character(Unicode.Scalar(unit) ?? "?"))' is not supported", offset: position - 2)
        default:
            return UnitSet(ranges: [unit...unit])
        }
    }

    private mutating func characterClass() throws(SCXMLExpressionError) -> UnitSet {
        let start = position - 1
        var set = UnitSet(ranges: [])
        if peek() == 0x5E {
            set.isNegated = true
            position += 1
        }
        while let unit = peek(), unit != 0x5D {
            position += 1
            var low: UInt16
            if unit == 0x5C {
                let escaped = try escape(inClass: true)
                guard escaped.ranges.count == 1, !escaped.isNegated, escaped.ranges[0].count == 1 else {
                    set.ranges += escaped.isNegated ? Self.complement(escaped.ranges) : escaped.ranges
                    continue
                }
                low = escaped.ranges[0].lowerBound
            } else {
                low = unit
            }
            if peek() == 0x2D, position + 1 < units.count, units[position + 1] != 0x5D {
                position += 1
                var high = units[position]
                position += 1
                if high == 0x5C {
                    let escaped = try escape(inClass: true)
                    guard escaped.ranges.count == 1, !escaped.isNegated, escaped.ranges[0].count == 1 else {
                        throw .syntax("a class range ends in a set", offset: position)
                    }
                    high = escaped.ranges[0].lowerBound
                }
                guard low <= high else { throw .syntax("a class range is out of order", offset: position) }
                set.ranges.append(low...high)
            } else {
                set.ranges.append(low...low)
            }
        }
        guard peek() == 0x5D else {
            throw .syntax("unterminated character class in the regular expression", offset: start)
        }
        position += 1
        return set
    }

    /// The code units outside `ranges`.
    private static func complement(_ ranges: [ClosedRange<UInt16>]) -> [ClosedRange<UInt16>] {
        var result: [ClosedRange<UInt16>] = []
        var next: UInt16 = 0
        var exhausted = false
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !exhausted {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == .max { exhausted = true } else { next = max(next, range.upperBound + 1) }
        }
        if !exhausted { result.append(next...UInt16.max) }
        return result
    }
}
