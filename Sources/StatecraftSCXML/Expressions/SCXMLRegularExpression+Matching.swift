extension SCXMLRegularExpression {
    /// The work a search of `text` may do at most: characters × instructions. A chart's macrostep counts
    /// it against its budget before searching.
    func searchCost(ofLength length: Int) -> Int {
        let (cost, overflow) = (length + 1).multipliedReportingOverflow(by: program.count)
        return overflow ? .max : cost
    }

    /// Where the first match in `text` starts (ECMAScript's `search`), or `nil`.
    ///
    /// Runs every way through the automaton at once, one character at a time, keeping for each instruction
    /// only the earliest start that reached it: what happens after an instruction does not depend on where
    /// the match started, so the earliest start wins.
    ///
    /// - Complexity: O(*n* × *m*) for a text of *n* code units and an automaton of *m* instructions.
    func firstMatchStart(in text: [UInt16]) -> Int? {
        let size = program.count
        // For each instruction, the earliest start among the ways at it now; Int.max for none.
        var current = [Int](repeating: .max, count: size)
        var next = [Int](repeating: .max, count: size)
        var currentList: [Int] = []
        var nextList: [Int] = []
        var best: Int?
        var stack: [Int] = []
        // Adds the ways from `instruction` that need no character, at `position`, to a list.
        func add(
            _ instruction: Int, start: Int, at position: Int, into starts: inout [Int], _ list: inout [Int]
        ) {
            stack.append(instruction)
            while let pc = stack.popLast() {
                guard start < starts[pc] else { continue }
                if starts[pc] == .max { list.append(pc) }
                starts[pc] = start
                switch program[pc] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .lineStart:
                    if position == 0 || isMultiline && Self.isLineTerminator(text[position - 1]) {
                        stack.append(pc + 1)
                    }
                case .lineEnd:
                    if position == text.count || isMultiline && Self.isLineTerminator(text[position]) {
                        stack.append(pc + 1)
                    }
                case .match:
                    if best.map({ start < $0 }) ?? true { best = start }
                case .consume: break
                }
            }
        }
        for position in 0...text.count {
            // A new way starts at every position before the best match found so far.
            if best == nil { add(0, start: position, at: position, into: &current, &currentList) }
            guard position < text.count else { break }
            let unit = text[position]
            for pc in currentList {
                let start = current[pc]
                current[pc] = .max
                guard best.map({ start < $0 }) ?? true, case .consume(let set) = program[pc],
                    set.contains(unit, ignoringCase: ignoresCase)
                else { continue }
                add(pc + 1, start: start, at: position + 1, into: &next, &nextList)
            }
            currentList.removeAll(keepingCapacity: true)
            swap(&current, &next)
            swap(&currentList, &nextList)
            if currentList.isEmpty, best != nil { break }
        }
        return best
    }

    private static func isLineTerminator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029
    }
}
