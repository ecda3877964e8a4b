import Foundation

/// Builds a region folder (`InstalledRegion`) from one OpenStreetMap extract, beside the old one
/// (`BuildBeside`): the extract's places and points of interest (Debian's osmium selects and exports them,
/// we read its output), its outline, and its Routino database (planetsplitter); `region.json` last.
public struct RegionBuilder {
    public var progress: RoutinoDatabase.Progress
    public var osmium = "osmium"
    public var planetsplitter = "planetsplitter"
    /// Where a line per phase goes (unless `progress` is `.hidden`); flushed before each child starts.
    public var say: (String) -> Void

    public init(progress: RoutinoDatabase.Progress, say: @escaping (String) -> Void = { print($0); fflush(stdout) }) {
        self.progress = progress
        self.say = say
    }

    public struct Result {
        public var region: InstalledRegion
        /// How the outline was found ("polygon file norway.poly", "bounding box in the file's header").
        public var outlineSource: String
        /// Features of osmium's output that were not usable (a broken geometry, an overlong line).
        public var skipped: Int
        public var routinoBytes: Int64
    }

    static let phases = 5

    /// Builds `directory/name`. Throws `RegionBuildError`; the old region, if any, stays as it was.
    public func build(from extract: URL, name: String, in directory: URL,
                      now: Date = Date()) throws -> Result {
        guard RegionName.isValid(name) else { throw RegionBuildError.badName(name) }
        let sourceBytes = try ExtractFile.check(extract)
        do {
            return try build(from: extract, sourceBytes: sourceBytes, name: name, in: directory, now: now)
        } catch let error as RegionBuildError {
            throw error
        } catch ChildProcess.Failure.stopped {
            throw RegionBuildError.interrupted
        } catch let failure as ChildProcess.Failure {
            throw RegionBuildError.failed("cannot run osmium or planetsplitter: \(failure)")
        } catch {
            // The folder's own errors: it is a file, read-only, full, or its name is too long.
            throw RegionBuildError.cannotWrite(directory.path, reason: FileErrorReason.of(error))
        }
    }

    private func build(from extract: URL, sourceBytes: Int64, name: String, in directory: URL, now: Date) throws -> Result {
        try BuildBeside.build(directory.appendingPathComponent(name)) { building in
            let selected = building.appendingPathComponent(".selected.osm.pbf")
            let exported = building.appendingPathComponent(".selected.geojsonseq")
            try phase(1, "Selecting places and points of interest (osmium tags-filter)")
            _ = try Osmium.run("tags-filter", [extract.path] + Self.filters + ["-o", selected.path],
                               showProgress: progress == .terminal, executable: osmium)
            try phase(2, "Exporting them with their positions (osmium export)")
            _ = try Osmium.run("export", [selected.path, "-f", "geojsonseq", "-a", "type,id", "-o", exported.path],
                               showProgress: progress == .terminal, executable: osmium)
            try phase(3, "Reading places and points of interest")
            var features = GeoJSONFeatures()
            try features.read(exported)
            let places = unique(features.places), pois = unique(features.pois)
            try RegionTable.write(places, to: building.appendingPathComponent("places.tsv"))
            try RegionTable.write(pois, to: building.appendingPathComponent("pois.tsv"))
            try? FileManager.default.removeItem(at: selected)
            try? FileManager.default.removeItem(at: exported)
            if progress != .hidden { say("      places: \(places.count), points of interest: \(pois.count)") }
            try phase(4, "Finding the outline")
            let (outline, outlineSource) = try ExtractOutline.of(extract, osmium: osmium, scratch: building)
            if progress != .hidden { say("      from its \(TerminalSafe.line(outlineSource))") }
            try phase(5, "Building the roads (planetsplitter)")
            let routino = building.appendingPathComponent("routino")
            try FileManager.default.createDirectory(at: routino, withIntermediateDirectories: false)
            let routinoBytes: Int64
            do {
                routinoBytes = try RoutinoDatabase.split(extract, into: routino, progress: progress, executable: planetsplitter)
            } catch let error as RoutinoDatabase.BuildError {
                throw RegionBuildError(error)
            }
            let manifest = RegionManifest(
                name: name, source: extract.path, sourceBytes: sourceBytes,
                built: ISO8601DateFormatter().string(from: now), outline: outline, places: places.count, pois: pois.count)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(manifest).write(to: building.appendingPathComponent(InstalledRegion.manifestName))
            return Result(region: InstalledRegion(folder: directory.appendingPathComponent(name), manifest: manifest),
                          outlineSource: outlineSource, skipped: features.skipped, routinoBytes: routinoBytes)
        }
    }

    /// osmium's filter expressions for every place and every tag of `POICategory.tags`.
    static var filters: [String] {
        var byKey: [String: [String]] = [:]
        for tag in POICategory.tags { byKey[tag.key, default: []].append(tag.value) }
        return ["n/place=" + OSMFeatureTags.placeKinds.sorted().joined(separator: ",")]
            + byKey.keys.sorted().map { "nwr/\($0)=" + byKey[$0]!.joined(separator: ",") }
    }

    /// Says which phase starts; a stop signal that came in the last one ends the build here.
    private func phase(_ number: Int, _ text: String) throws {
        try StopSignals.check()
        guard progress != .hidden else { return }
        say("[\(number)/\(Self.phases)] \(text)")
    }

    /// A closed way may come out of osmium export twice (as a line and as an area): once is enough.
    private func unique(_ features: [RegionFeature]) -> [RegionFeature] {
        var seen: Set<String> = []
        return features.filter { seen.insert($0.osmID).inserted }
    }
}
