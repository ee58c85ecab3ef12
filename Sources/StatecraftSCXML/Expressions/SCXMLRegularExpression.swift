/// A regular-expression literal of the data model (`/Var1=2/`, `/^ok$/i`), matched in time linear in the
/// text: an automaton that follows every way through the pattern at once, never backtracking, so that no
/// pattern can make a search take exponential time.
///
/// The subset: characters and escapes (`\d \D \w \W \s \S \n \r \t`, `\.` and the other punctuation), `.`,
/// classes (`[a-z_]`, `[^0-9]`), groups (`(…)`, `(?:…)`), alternation, the quantifiers `* + ? {n} {n,}
/// {n,m}` (each may be followed by `?`), the anchors `^ $`; the flags `i` (ASCII letters match either
/// case), `m` (anchors at line ends) and `g`. Backreferences and lookaround, which need backtracking, are
/// a syntax error when the document loads, as is a pattern whose automaton would exceed
/// ``maximumProgramSize`` instructions.
///
/// A regular expression is used where a string method takes one — `text.search(/re/)` (the index of the
/// first match, or -1) — or as `/re/.test(text)`.
public struct SCXMLRegularExpression: Hashable, Sendable, CustomStringConvertible {
    /// The pattern, as written between the slashes.
    public let pattern: String
    /// The flags, as written after the closing slash.
    public let flags: String
    /// The compiled automaton.
    let program: [Instruction]
    /// Whether ASCII letters match either case (`i`).
    let ignoresCase: Bool
    /// Whether `^` and `$` also match at line breaks (`m`).
    let isMultiline: Bool

    /// The largest automaton a pattern may compile to, in instructions: it bounds the work of a search to
    /// this many steps per character of the text.
    public static let maximumProgramSize = 2_000

    /// Compiles a pattern.
    ///
    /// - Parameters:
    ///   - pattern: the text between the slashes.
    ///   - flags: the letters after the closing slash: `g`, `i`, `m`.
    /// - Throws: ``SCXMLExpressionError/syntax(_:offset:)`` naming what is not supported or malformed, with
    ///   the offset in the pattern.
    public init(pattern: String, flags: String = "") throws(SCXMLExpressionError) {
        for (offset, flag) in flags.enumerated() where !"gim".contains(flag) || flags.filter({ $0 == flag }).count > 1 {
            throw .syntax("the regular-expression flag '\(flag)' is not supported or repeated", offset: offset)
        }
        var parser = SCXMLRegularExpressionParser(pattern: pattern)
        let tree = try parser.parse()
        guard let size = tree.programSize, size + 1 <= Self.maximumProgramSize else {
            throw .syntax(
                "the regular expression is too large (more than \(Self.maximumProgramSize) steps)", offset: 0)
        }
        var program: [Instruction] = []
        program.reserveCapacity(size + 1)
        tree.emit(into: &program)
        program.append(.match)
        self.pattern = pattern
        self.flags = flags
        self.program = program
        ignoresCase = flags.contains("i")
        isMultiline = flags.contains("m")
    }

    /// `/PATTERN/FLAGS`.
    public var description: String { "/\(pattern)/\(flags)" }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.pattern == rhs.pattern && lhs.flags == rhs.flags
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(flags)
    }

    /// One step of the automaton.
    enum Instruction: Sendable {
        /// Consume one UTF-16 code unit that the set accepts.
        case consume(SCXMLRegularExpressionParser.UnitSet)
        /// Go on at both targets; the first is preferred.
        case split(Int, Int)
        /// Go on at the target.
        case jump(Int)
        /// Go on only at the start of the text (or of a line, with `m`).
        case lineStart
        /// Go on only at the end of the text (or of a line, with `m`).
        case lineEnd
        /// A match ends here.
        case match
    }
}
