import Foundation

/// Finds the files the app ships in `Resources/` (place gazetteer, demo trips).
///
/// Looked up in order: `$ROADTRIP_RESOURCES`; `<prefix>/share/roadtrip` next to an installed binary
/// (`make install`); the `Resources/` folder of the source checkout the binary was built in.
public enum ResourceLocator {
    public static func url(for relativePath: String,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        candidates(environment).map { $0.appendingPathComponent(relativePath) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static func candidates(_ environment: [String: String]) -> [URL] {
        var roots: [URL] = []
        if let explicit = environment["ROADTRIP_RESOURCES"], !explicit.isEmpty {
            roots.append(URL(fileURLWithPath: explicit))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        roots.append(executable.deletingLastPathComponent().appendingPathComponent("../share/roadtrip").standardized)
        // Built in a checkout: <root>/.build/<config>/roadtrip, or this source file's own checkout.
        roots.append(executable.deletingLastPathComponent().appendingPathComponent("../../Resources").standardized)
        let sourceRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        roots.append(sourceRoot.appendingPathComponent("Resources"))
        return roots
    }
}
