import Foundation
import RoadtripCore

/// Figures of issue 12, one line each (`name value unit`): map.load (reading and decoding
/// Resources/map/basemap.bin, the median of 7 loads) and map.rss (the resident memory the loaded
/// base map adds, measured around the first load while it is held).
func runMapBenchmarks() {
    guard let url = BaseMap.bundledDataURL else {
        print("map.error Resources/map/basemap.bin not found")
        return
    }
    let before = residentKilobytes()
    let held: BaseMap
    do {
        held = try BaseMap.load(from: url)
    } catch {
        print("map.error \(error)")
        return
    }
    let added = Double(residentKilobytes() - before) / 1024
    var samples: [Double] = []
    for _ in 0..<7 {
        let t0 = DispatchTime.now().uptimeNanoseconds
        _ = try? BaseMap.load(from: url)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    samples.sort()
    let points = BaseMap.Layer.allCases.reduce(0) { sum, layer in
        sum + BaseMap.Resolution.allCases.reduce(0) { $0 + held.pointCount(layer, resolution: $1) }
    }
    print(String(format: "map.points %d points", points))
    print(String(format: "map.load %.1f ms", samples[samples.count / 2]))
    print(String(format: "map.rss %.1f MB", added))
}

/// VmRSS of this process (Linux; 0 elsewhere).
private func residentKilobytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
