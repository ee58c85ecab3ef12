/// W3C conformance tests that cannot pass yet, each with its reason (as XState's allow-list does).
///
/// The goal is an empty list: ``W3CConformanceTests`` fails for a listed test that passes, so the list
/// never goes stale.
enum W3CAllowList {
    /// Test number → why it cannot pass yet.
    static let expectedFailures: [String: String] = [:]
}
