import Foundation
import RoadtripCore
import RoadtripTestSupport

/// Figures of issue 24 for building a region (`roadtrip region add`): osmium and planetsplitter as children.
/// - `region.build.helsinki` / `.synthetic`: seconds per MB of PBF, median of runs (5 on Helsinki, 3 on the
///   synthetic extract: a grid of roads with villages and points of interest, several MB, generated here);
/// - `region.build.children_max_rss`: the largest resident memory of any child (osmium, planetsplitter),
///   `region.build.self_max_rss` ours (the features read from osmium's output);
/// - `ref.planetsplitter.*`: planetsplitter alone on the same files in the same run, and the ratio.
/// Without osmium or planetsplitter it says so and goes on.
func runRegionBenchmarks() {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-regions-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
        let synthetic = try SyntheticExtract.write(into: scratch.appendingPathComponent("synthetic"))
        for (name, extract, runs) in [("helsinki", RoutingTools.helsinkiExtract, 5), ("synthetic", synthetic, 3)] {
            let megabytes = (try FileManager.default.attributesOfItem(atPath: extract.path)[.size] as! NSNumber).doubleValue / 1_048_576
            let builder = RegionBuilder(progress: .hidden)
            let build = try seconds(runs) { run in
                _ = try builder.build(from: extract, name: "\(name)-\(run)", in: scratch.appendingPathComponent("regions"))
            }
            let split = try seconds(runs) { run in
                try RoutinoDatabase.build(from: extract, into: scratch.appendingPathComponent("routino-\(name)-\(run)"),
                                          progress: .hidden)
            }
            print("region.build.\(name).mb \(String(format: "%.2f", megabytes)) MB")
            print("region.build.\(name) \(String(format: "%.3f", build / megabytes)) s/MB")
            print("ref.planetsplitter.\(name) \(String(format: "%.3f", split / megabytes)) s/MB")
            print("region.build.\(name).ratio \(String(format: "%.2f", build / split)) x planetsplitter")
        }
        print("region.build.children_max_rss \(maxRSS(RUSAGE_CHILDREN) / 1024) MB")
        print("region.build.self_max_rss \(maxRSS(RUSAGE_SELF) / 1024) MB")
    } catch {
        print("region.build.error \(error)")
    }
}

/// The median of `runs` timings of `body`, in seconds.
private func seconds(_ runs: Int, _ body: (Int) throws -> Void) rethrows -> Double {
    let times = try (0..<runs).map { run in
        let start = DispatchTime.now().uptimeNanoseconds
        try body(run)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }.sorted()
    return UIBench.percentile(times, 0.5)
}

/// Kilobytes (Linux's unit for ru_maxrss).
private func maxRSS(_ who: __rusage_who) -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(who.rawValue), &usage)
    return usage.ru_maxrss
}

/// A larger extract than Helsinki: an 800 × 800 grid of nodes (0.002° apart with up to 0.0008° of jitter, so
/// that the PBF does not shrink to nothing: about 4 MB; around 61° N) joined by
/// residential and tertiary roads cut into ways of 50 nodes, 20,000 villages and hamlets with English names
/// and populations, and 40,000 points of interest of every category (a fifth of them as small closed ways).
enum SyntheticExtract {
    static let side = 800

    static func write(into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent("synthetic.osm")
        _ = FileManager.default.createFile(atPath: xml.path, contents: nil)
        let handle = try FileHandle(forWritingTo: xml)
        var text = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"roadtrip-bench\">\n"
        func flush(_ force: Bool = false) {
            if force || text.utf8.count > 1 << 20 {
                handle.write(Data(text.utf8))
                text = ""
            }
        }
        func position(_ row: Int, _ column: Int) -> (Double, Double) {
            (60.4 + Double(row) * 0.002, 5.0 + Double(column) * 0.002)
        }
        var generator = SeededGenerator(seed: 24)
        for row in 0..<side {
            for column in 0..<side {
                let (lat, lon) = position(row, column)
                let jitter = (Double.random(in: -0.0008...0.0008, using: &generator),
                              Double.random(in: -0.0008...0.0008, using: &generator))
                text += "<node id=\"\(row * side + column + 1)\" version=\"1\" lat=\"\(lat + jitter.0)\" lon=\"\(lon + jitter.1)\"/>\n"
            }
            flush()
        }
        var nextNode = side * side + 1
        let poiTags = POICategory.tags
        var areas: [(Int, [Int], String)] = []
        for index in 0..<60_000 {
            let (lat, lon) = position(Int.random(in: 0..<side, using: &generator), Int.random(in: 0..<side, using: &generator))
            let tags: String
            if index < 20_000 {
                tags = "<tag k=\"place\" v=\"\(index % 4 == 0 ? "village" : "hamlet")\"/><tag k=\"name\" v=\"Bygd \(index)\"/>"
                    + "<tag k=\"name:en\" v=\"Hamlet \(index)\"/><tag k=\"population\" v=\"\(index % 490 + 10)\"/>"
            } else {
                let tag = poiTags[index % poiTags.count]
                tags = "<tag k=\"\(tag.key)\" v=\"\(tag.value)\"/><tag k=\"name\" v=\"Stad \(index)\"/>"
                if index % 5 == 0 {
                    let corners = (0..<4).map { corner in nextNode + corner }
                    for (corner, offset) in zip(corners, [(0.0, 0.0), (0.0003, 0.0), (0.0003, 0.0003), (0.0, 0.0003)]) {
                        text += "<node id=\"\(corner)\" version=\"1\" lat=\"\(lat + offset.0 + 0.0005)\" lon=\"\(lon + offset.1 + 0.0005)\"/>\n"
                    }
                    nextNode += 4
                    areas.append((index, corners + [corners[0]], tags))
                    continue
                }
            }
            text += "<node id=\"\(nextNode)\" version=\"1\" lat=\"\(lat + 0.0007)\" lon=\"\(lon + 0.0007)\">\(tags)</node>\n"
            nextNode += 1
            flush()
        }
        var nextWay = 1
        func way(_ refs: [Int], _ tags: String) {
            text += "<way id=\"\(nextWay)\" version=\"1\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + tags + "</way>\n"
            nextWay += 1
            flush()
        }
        for line in 0..<side {
            let highway = line % 10 == 0 ? "tertiary" : "residential"
            for start in stride(from: 0, to: side - 1, by: 49) {
                let end = min(start + 49, side - 1)
                way((start...end).map { line * side + $0 + 1 }, "<tag k=\"highway\" v=\"\(highway)\"/>")
                way((start...end).map { $0 * side + line + 1 }, "<tag k=\"highway\" v=\"\(highway)\"/>")
            }
        }
        for (_, refs, tags) in areas { way(refs, tags) }
        text += "</osm>\n"
        flush(true)
        try handle.close()
        let pbf = folder.appendingPathComponent("synthetic.osm.pbf")
        _ = try RoutingTools.run(try FjordExtract.osmium(), ["cat", xml.path, "-o", pbf.path, "--overwrite"], timeout: 600)
        try? FileManager.default.removeItem(at: xml)
        return pbf
    }
}
