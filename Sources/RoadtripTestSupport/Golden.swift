import Foundation

/// Whole outputs compared with files kept beside the tests. With `ROADTRIP_UPDATE_GOLDENS=1` the file is rewritten
/// from the output and the check fails all the same: a rewrite compared with itself would pass whatever the output,
/// so an update is never a pass until the diff is reviewed and the tests run again without it.
public enum Golden {
    /// The output differs from the file (or there is no file).
    public struct Mismatch: Error, CustomStringConvertible {
        public let description: String
    }

    /// Update mode wrote the file.
    public struct Rewritten: Error, CustomStringConvertible {
        public let file: URL
        public var description: String { "golden rewritten: review the diff (\(file.path))" }
    }

    /// Throws `Rewritten` after writing `output` to `file` in update mode, else `Mismatch` unless the file holds
    /// exactly `output`; `context` (a dump of the screen) is added to a mismatch's message.
    public static func check(_ output: String, against file: URL, context: String = "",
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if environment["ROADTRIP_UPDATE_GOLDENS"] == "1" {
            try output.write(to: file, atomically: true, encoding: .utf8)
            throw Rewritten(file: file)
        }
        guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
            throw Mismatch(description: "no golden \(file.lastPathComponent): ROADTRIP_UPDATE_GOLDENS=1 writes it")
        }
        guard output != golden else { return }
        let expected = golden.components(separatedBy: "\n"), actual = output.components(separatedBy: "\n")
        let common = min(expected.count, actual.count)
        let line = (0..<common).first { expected[$0] != actual[$0] } ?? common
        let show = { (lines: [String]) in line < lines.count ? "\"\(lines[line])\"" : "(ends)" }
        throw Mismatch(description: """
            \(file.lastPathComponent) differs at line \(line + 1) (ROADTRIP_UPDATE_GOLDENS=1 rewrites it):
              golden: \(show(expected))
              output: \(show(actual))
            \(context)
            """)
    }
}
