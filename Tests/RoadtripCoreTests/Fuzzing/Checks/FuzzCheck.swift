// The checks of the fuzz targets, one file per target. They are compiled twice: here, so that the tests
// replay every corpus file through them (FuzzCorpusReplayTests), and in the fuzzing package
// (scripts/fuzz/Sources/FuzzChecks is a link to this folder), where a failure stops libFuzzer.

/// A property of the code under test that an input broke.
public struct FuzzCheckFailure: Error, CustomStringConvertible {
    public let description: String

    /// Throws a failure naming the property and the input when `holds` is false.
    static func require(_ holds: Bool, _ property: @autoclosure () -> String, input: String) throws {
        guard !holds else { return }
        throw FuzzCheckFailure(description: "\(property()) (input: \(input.debugDescription))")
    }
}
