import Foundation
import RoadtripCore
import RoadtripTestSupport

func runCountryBenchmarks() {
    let sizes = (ProcessInfo.processInfo.environment["BENCH_COUNTRY_NODES"] ?? "300000").split(separator: ",").compactMap { Int($0) }
    for nodes in sizes {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let extract = try CountryExtract.cached(nodes: nodes)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print("country.extract \(extract.pbf.path) \(extract.bytes) bytes \(extract.composition.nodes) nodes \(String(format: "%.2f", extract.bytesPerNode)) B/node \(String(format: "%.1f", seconds)) s")
            print(extract.composition)
        } catch {
            print("country.error \(error)")
        }
    }
}
