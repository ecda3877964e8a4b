import Foundation

/// Paths of executables built alongside the tests (`.build/<config>/`).
enum BuiltProducts {
    /// The test runner (`roadtripPackageTests.xctest`) lives in the same folder as the products.
    static let directory: URL = {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let beside = runner.deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: beside.appendingPathComponent("roadtrip").path) {
            return beside
        }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug")
    }()

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }
}
