import Foundation

/// Builds a region folder (`InstalledRegion`) from one or more OpenStreetMap extracts, beside the old one
/// (`BuildBeside`): several are merged first (osmium merge: extracts cut from one planet share their ids, so a
/// road across two of them joins up). One pass of osmium then keeps what a region uses: the roads (and the
/// relations Routino reads), the places and the points of interest. Buildings and landuse, most of a country's
/// nodes, are left behind, so planetsplitter never parses or sorts them (its database is the same byte for byte).
/// From that smaller file come the places, points of interest and chargers (osmium selects and exports them, we
/// read its output), the Routino database (planetsplitter) and the tolled ways (`TollWays`); the outline from each
/// extract's; `region.json` last, with each source's size and checksum. Each phase shows a bar and the time left
/// (`BuildProgress`), and the disk the build took is measured (`BuildDiskUse`).
public struct RegionBuilder {
    public var progress: RoutinoDatabase.Progress
    public var osmium = "osmium"
    public var planetsplitter = "planetsplitter"
    /// The terminal's width, for the bar (with `progress` `.terminal`).
    public var columns = 80
    /// Where the phases and bars go (unless `progress` is `.hidden`): text as it is, a redraw starting with `\r`.
    public var write: (String) -> Void

    /// 20 outlines of at most 5,000 corners stay within what a manifest holds (`RegionOutline.maxStoredCorners`).
    public static let maxSources = 20

    public init(progress: RoutinoDatabase.Progress, write: @escaping (String) -> Void = { fputs($0, stdout); fflush(stdout) }) {
        self.progress = progress
        self.write = write
    }

    public struct Result {
        public var region: InstalledRegion
        /// How the outline was found ("polygon file norway.poly", "bounding box in the file's header"), for
        /// several extracts each's after its file name.
        public var outlineSource: String
        /// Features of osmium's output that were not usable (a broken geometry, an overlong line).
        public var skipped: Int
        public var routinoBytes: Int64
        public var disk: Disk
    }

    /// The disk a build took, in bytes on disk: its folder at its largest beside the old region, what it wrote
    /// (at least), and the region it left.
    public struct Disk: Equatable, Sendable {
        public var peak: Int64
        public var written: Int64
        public var region: Int64
    }

    /// Builds `directory/name` from one extract.
    public func build(from extract: URL, name: String, in directory: URL, now: Date = Date()) throws -> Result {
        try build(from: [extract], name: name, in: directory, now: now)
    }

    /// Rebuilds `region` from its sources and `extracts` (`region add --to`). A source named again in `extracts`
    /// is taken as it is now; every other must still be the file it was built from (its size and checksum),
    /// else nothing is built.
    public func extend(_ region: InstalledRegion, with extracts: [URL], in directory: URL, now: Date = Date()) throws -> Result {
        let named = Set(extracts.map(\.path))
        let kept = region.manifest.sources.filter { !named.contains($0.path) }
        return try build(from: kept.map { URL(fileURLWithPath: $0.path) } + extracts, checking: kept, name: region.name,
                         in: directory, now: now)
    }

    /// Builds `directory/name` from `extracts`, merged when several. Throws `RegionBuildError`; the old region, if
    /// any, stays as it was.
    public func build(from extracts: [URL], checking remembered: [RegionManifest.Source] = [], name: String,
                      in directory: URL, now: Date = Date()) throws -> Result {
        guard RegionName.isValid(name) else { throw RegionBuildError.badName(name) }
        var seen: Set<String> = []
        let extracts = extracts.filter { seen.insert($0.path).inserted }
        guard extracts.count <= Self.maxSources else { throw RegionBuildError.tooManySources(extracts.count) }
        for source in remembered where !FileManager.default.fileExists(atPath: source.path) {
            throw RegionBuildError.sourceGone(region: name, path: source.path)
        }
        let sizes = try extracts.map(ExtractFile.check)
        for (extract, size) in zip(extracts, sizes) {
            guard let source = remembered.first(where: { $0.path == extract.path }), source.bytes != size else { continue }
            throw RegionBuildError.sourceChanged(region: name, path: extract.path,
                                                 what: "it was \(source.bytes) bytes, it is \(size)")
        }
        do {
            return try BuildBeside.build(directory.appendingPathComponent(name)) { building in
                try build(Plan(extracts: extracts, sizes: sizes, remembered: remembered), name: name, into: building,
                          folder: directory.appendingPathComponent(name), now: now)
            }
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

    private struct Plan {
        let extracts: [URL]
        let sizes: [Int64]
        let remembered: [RegionManifest.Source]
        var phases: Int { extracts.count > 1 ? 8 : 7 }
    }

    private func build(_ plan: Plan, name: String, into building: URL, folder: URL, now: Date) throws -> Result {
        let bar = BuildProgress(phases: plan.phases, style: style, write: write)
        let disk = BuildDiskUse(folder: building)
        func phase(_ text: String) throws {
            disk.sample(force: true)
            try StopSignals.check()
            bar.begin(text)
        }
        /// A child's progress, with the disk sampled as it goes (hidden or not: the bench reads the disk too).
        func update(_ fraction: Double) {
            bar.update(fraction)
            disk.sample()
        }
        try phase(plan.extracts.count > 1 ? "Reading the extracts' checksums" : "Reading the extract's checksum")
        let total = Double(max(1, plan.sizes.reduce(0, +)))
        var before: Int64 = 0
        let sources = try zip(plan.extracts, plan.sizes).map { extract, size in
            let checksum = try SourceChecksum.of(extract, stop: StopSignals.check) { bar.update(Double(before + $0) / total) }
            before += size
            if let known = plan.remembered.first(where: { $0.path == extract.path })?.checksum, known != checksum {
                throw RegionBuildError.sourceChanged(region: name, path: extract.path, what: "its checksum differs")
            }
            return RegionManifest.Source(path: extract.path, bytes: size, checksum: checksum)
        }
        var merged = plan.extracts[0]
        if plan.extracts.count > 1 {
            try phase("Merging the \(plan.extracts.count) extracts (osmium merge)")
            merged = building.appendingPathComponent(".merged.osm.pbf")
            _ = try Osmium.run("merge", plan.extracts.map(\.path) + ["-o", merged.path], progress: update, executable: osmium)
        }
        defer { if merged != plan.extracts[0] { try? FileManager.default.removeItem(at: merged) } }
        let roads = building.appendingPathComponent(".roads.osm.pbf")
        defer { try? FileManager.default.removeItem(at: roads) }
        try phase("Keeping the roads, places and points of interest (osmium tags-filter)")
        // Not compressed: it is read twice and gone within minutes, and zlib took half of osmium's time (1 GB extract).
        _ = try Osmium.run("tags-filter", [merged.path] + Self.roadFilters + Self.filters
                           + ["-f", "pbf,pbf_compression=none", "-o", roads.path], progress: update, executable: osmium)
        if merged != plan.extracts[0] { try? FileManager.default.removeItem(at: merged) }
        let selected = building.appendingPathComponent(".selected.osm.pbf")
        let exported = building.appendingPathComponent(".selected.geojsonseq")
        try phase("Selecting places and points of interest (osmium tags-filter)")
        _ = try Osmium.run("tags-filter", [roads.path] + Self.filters + ["-o", selected.path], progress: update, executable: osmium)
        try phase("Exporting them with their positions (osmium export)")
        _ = try Osmium.run("export", [selected.path, "-f", "geojsonseq", "-a", "type,id", "-o", exported.path],
                           progress: update, executable: osmium)
        try? FileManager.default.removeItem(at: selected)
        try phase("Reading places and points of interest")
        var features = GeoJSONFeatures()
        try features.read(exported, progress: update)
        let places = unique(features.places), pois = unique(features.pois)
        try RegionTable.write(places, to: building.appendingPathComponent("places.tsv"))
        try RegionTable.write(pois, to: building.appendingPathComponent("pois.tsv"))
        try RegionSearchFile.write(places: places, pois: pois, name: name, into: building)
        var charging: Set<String> = []
        try ChargerFile.write(features.chargers.filter { charging.insert($0.osmID).inserted },
                              to: building.appendingPathComponent(ChargerFile.name))
        try? FileManager.default.removeItem(at: exported)
        bar.note("places: \(places.count), points of interest: \(pois.count)")
        try phase(plan.extracts.count > 1 ? "Finding the outlines" : "Finding the outline")
        let outlines = try plan.extracts.enumerated().map { index, extract in
            try ExtractOutline.of(extract, osmium: osmium, scratch: building) { update((Double(index) + $0) / Double(plan.extracts.count)) }
        }
        let outline = RegionOutline(rings: outlines.flatMap(\.0.rings))
        let outlineSource = plan.extracts.count == 1 ? outlines[0].1
            : zip(plan.extracts, outlines).map { "\($0.lastPathComponent): \($1.1)" }.joined(separator: "; ")
        bar.note("from \(plan.extracts.count == 1 ? "its " : "")\(TerminalSafe.line(outlineSource))")
        try phase("Building the roads (planetsplitter)")
        let routino = building.appendingPathComponent("routino")
        try FileManager.default.createDirectory(at: routino, withIntermediateDirectories: false)
        let routinoBytes: Int64
        var steps = PlanetsplitterProgress(inputBytes: Self.size(of: roads))
        do {
            routinoBytes = try RoutinoDatabase.split(roads, into: routino, progress: progress, executable: planetsplitter,
                                                     watch: { steps.read($0); update(steps.fraction) })
        } catch let error as RoutinoDatabase.BuildError {
            throw RegionBuildError(error)
        }
        try RoutinoAtlas.build(from: roads, into: building.appendingPathComponent("atlas"), osmium: osmium,
                               planetsplitter: planetsplitter)
        try TollFile.write(TollWays.extract(from: roads, scratch: building, osmium: osmium),
                           to: building.appendingPathComponent(TollFile.name))
        try? FileManager.default.removeItem(at: roads)
        disk.sample(force: true)
        bar.end()
        let manifest = RegionManifest(name: name, sources: sources, built: ISO8601DateFormatter().string(from: now),
                                      outline: outline, places: places.count, pois: pois.count)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(manifest).write(to: building.appendingPathComponent(InstalledRegion.manifestName))
        return Result(region: InstalledRegion(folder: folder, manifest: manifest),
                      outlineSource: outlineSource, skipped: features.skipped, routinoBytes: routinoBytes,
                      disk: Disk(peak: disk.peak, written: disk.written, region: BuildDiskUse.size(of: building)))
    }

    private var style: BuildProgress.Style {
        switch progress {
        case .terminal: return .terminal(columns: columns)
        case .lines: return .lines
        case .hidden: return .hidden
        }
    }

    private static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// What Routino reads (its `tagging.xml`): ways with `highway` or `route=ferry`, the route relations that
    /// mark foot and cycle routes, and turn restrictions; with them, osmium keeps the nodes and members they name.
    static let roadFilters = ["w/highway", "w/route=ferry", "r/route=foot,walking,hiking,bicycle,foot;bicycle,bicycle;foot",
                              "r/restriction"]

    /// osmium's filter expressions for every place and every tag of `POICategory.tags`.
    static var filters: [String] {
        var byKey: [String: [String]] = [:]
        for tag in POICategory.tags { byKey[tag.key, default: []].append(tag.value) }
        return ["n/place=" + OSMFeatureTags.placeKinds.sorted().joined(separator: ",")]
            + byKey.keys.sorted().map { "nwr/\($0)=" + byKey[$0]!.joined(separator: ",") }
    }

    /// A closed way may come out of osmium export twice (as a line and as an area): once is enough.
    private func unique(_ features: [RegionFeature]) -> [RegionFeature] {
        var seen: Set<String> = []
        return features.filter { seen.insert($0.osmID).inserted }
    }
}
