import Foundation

extension RoutinoAtlas {
    /// osmium's filter for the main roads: what a long leg drives on between its ends.
    static let mainRoads = ["w/highway=motorway,motorway_link,trunk,trunk_link,primary,primary_link", "w/route=ferry"]

    /// Builds the atlas of `extract` (the region's roads) into `folder`, which must not exist: its main roads with
    /// osmium and planetsplitter, then their junctions from Routino's `filedumper`. Returns the bytes written, or
    /// nil when the extract has no junction of main roads (a city's, a single road's): long legs are then asked
    /// directly, as in regions built before the atlas. Fails as the region's build fails (`RegionBuildError`).
    @discardableResult
    public static func build(from extract: URL, into folder: URL, osmium: String = "osmium",
                             planetsplitter: String = "planetsplitter", filedumper: String = "filedumper") throws -> Int64? {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: false)
        let main = folder.appendingPathComponent(".main.osm.pbf")
        defer { try? fm.removeItem(at: main) }
        _ = try Osmium.run("tags-filter", [extract.path] + mainRoads + ["-o", main.path], executable: osmium)
        let ways = try Osmium.run("fileinfo", ["-e", "-g", "data.count.ways", main.path], executable: osmium)
        guard Int(String(decoding: ways, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0 else {
            try? fm.removeItem(at: folder)
            return nil
        }
        let bytes: Int64, junctions: [Coordinate]
        do {
            // Bends under 20 m dropped: a long leg's road reads half as many points, 20 % sooner (at country scale
            // the map cannot show them).
            bytes = try RoutinoDatabase.split(main, into: folder, progress: .hidden, executable: planetsplitter,
                                              options: ["--prune-straight=20"])
            junctions = try Self.junctions(in: folder, filedumper: filedumper)
        } catch let error as RoutinoDatabase.BuildError {
            throw RegionBuildError(error)
        }
        guard !junctions.isEmpty else {
            try? fm.removeItem(at: folder)
            return nil
        }
        let text = junctions.map { "\($0.latitude)\t\($0.longitude)\n" }.joined()
        try Data(text.utf8).write(to: folder.appendingPathComponent(junctionsFile))
        return bytes + Int64(text.utf8.count)
    }

    /// The database's junctions of three segments or more, less those on a one-way segment (filedumper's
    /// `--visualiser` lists: `nodeN LAT LON SEGMENTS` and `segmentN LAT1 LON1 LAT2 LON2`).
    static func junctions(in database: URL, filedumper: String) throws -> [Coordinate] {
        func list(_ data: String) throws -> [[Substring]] {
            let box = ["--latmin=-90", "--latmax=90", "--lonmin=-180", "--lonmax=180"]
            let result: ChildProcess.Result
            do {
                result = try ChildProcess.run(filedumper, arguments: ["--dir=\(database.path)", "--visualiser", "--data=\(data)"] + box,
                                              captureOutput: true, timeout: nil, tied: true)
            } catch ChildProcess.Failure.notFound {
                throw RoutinoDatabase.BuildError.failed("filedumper is not installed (Debian: apt install routino)")
            } catch ChildProcess.Failure.stopped {
                throw RoutinoDatabase.BuildError.interrupted
            }
            guard result.termination == .exited(0) else {
                throw RoutinoDatabase.BuildError.failed("filedumper failed (\(result.termination))" + result.stderrLines)
            }
            return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ") }
        }
        let oneWay = Set(try list("waytype-oneway").flatMap { fields in
            fields.count == 5 ? ["\(fields[1]) \(fields[2])", "\(fields[3]) \(fields[4])"] : []
        })
        return try list("junctions").compactMap { fields in
            guard fields.count == 4, let segments = Int(fields[3]), segments >= 3, !oneWay.contains("\(fields[1]) \(fields[2])"),
                  let latitude = Double(fields[1]), let longitude = Double(fields[2]) else { return nil }
            return try? Coordinate(latitude: latitude, longitude: longitude)
        }
    }
}
