import Foundation
import RoadtripCore

/// The road-routing programs the real routing tests and `make bench` run, as `make test-deps` installs
/// them: Debian's routino (in PATH) and the OSRM binaries of PyPI's osrm-bindings wheel (in
/// `.build/test-tools/osrm`), plus the OpenStreetMap extract they route on.
public enum RoutingTools {
    /// Says what is missing and how to get it; tests turn it into a failure, never a skip.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The checkout this file was built from.
    public static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let directory = checkout.appendingPathComponent(".build/test-tools")
    /// Central Helsinki, © OpenStreetMap contributors (ODbL): see Tests/Fixtures/osm/ATTRIBUTION.md.
    public static let helsinkiExtract = checkout.appendingPathComponent("Tests/Fixtures/osm/Helsinki.osm.pbf")

    public static func osrm(_ program: String) throws -> URL {
        let url = directory.appendingPathComponent("osrm/bin/\(program)")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw Missing(description: "\(program) not found at \(url.path): run `make test-deps` "
                + "(it fetches the OSRM binaries from PyPI's osrm-bindings 26.10.0 wheel)")
        }
        return url
    }

    public static var osrmCarProfile: URL { directory.appendingPathComponent("osrm/share/profiles/car.lua") }

    /// A program of Debian's routino package, by name when it is in PATH.
    public static func routino(_ program: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(program)") {
            return "\(folder)/\(program)"
        }
        throw Missing(description: "\(program) not found in PATH: run `make test-deps` (it installs Debian's routino)")
    }

    /// Runs a tool to completion (bounded), failing with its stderr.
    /// Writes `STEM.osm` (the XML given) and `STEM.osm.pbf` (osmium's) into `folder` and returns the PBF.
    public static func pbf(osmXML: String, named stem: String, in folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent(stem + ".osm")
        try osmXML.write(to: xml, atomically: true, encoding: .utf8)
        let pbf = folder.appendingPathComponent(stem + ".osm.pbf")
        _ = try run(try FjordExtract.osmium(), ["cat", xml.path, "-o", pbf.path, "--overwrite"])
        return pbf
    }

    public static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> Data {
        let result = try ChildProcess.run(executable, arguments: arguments, captureOutput: true, timeout: timeout)
        guard result.termination == .exited(0) else {
            throw Missing(description: "\(executable) \(arguments.joined(separator: " ")) failed (\(result.termination)): "
                + String(decoding: result.stderr.suffix(2000), as: UTF8.self))
        }
        return result.stdout
    }

    /// The OSRM graph (MLD) of `extract`, built once and kept under `.build/test-tools/osrm-graph-<hash>/`:
    /// the path to give osrm-routed. `profile`: another than the car profile (its `lib` folder beside it), whose
    /// text is then in the hash too.
    public static func osrmGraph(for extract: URL, profile: URL? = nil) throws -> URL {
        var data = try Data(contentsOf: extract)
        if let profile { data += try Data(contentsOf: profile) }
        let name = extract.deletingPathExtension().deletingPathExtension().lastPathComponent
        let folder = directory.appendingPathComponent("osrm-graph-" + String(fnv1a(data), radix: 16))
        let graph = folder.appendingPathComponent("\(name).osrm")
        let fm = FileManager.default
        if fm.fileExists(atPath: graph.path + ".mldgr") { return graph }
        let tools = try ["osrm-extract", "osrm-partition", "osrm-customize"].map { try osrm($0).path }

        let building = directory.appendingPathComponent("\(folder.lastPathComponent).building-\(getpid())")
        try? fm.removeItem(at: building)
        try fm.createDirectory(at: building, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: building) }
        let copy = building.appendingPathComponent(extract.lastPathComponent)
        try fm.copyItem(at: extract, to: copy)
        let built = building.appendingPathComponent("\(name).osrm")
        _ = try run(tools[0], ["-p", (profile ?? osrmCarProfile).path, copy.path])
        _ = try run(tools[1], [built.path])
        _ = try run(tools[2], [built.path])
        try? fm.removeItem(at: copy)
        // Complete or absent: a build cut short is never taken for a graph.
        if !fm.fileExists(atPath: folder.path) { try fm.moveItem(at: building, to: folder) }
        return graph
    }

    /// FNV-1a, 64 bits: names the graph after the extract's content.
    static func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
