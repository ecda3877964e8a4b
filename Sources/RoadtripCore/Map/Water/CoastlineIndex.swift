import Foundation

/// Whether a point is on land, from the base map's GSHHG shorelines (levels 1 and 5: land and Antarctica, at
/// the intermediate resolution: islands of 10 km² and more). Each shoreline's segments are filed by the
/// columns of longitude they span; a point is on land when a ray north from it crosses them an odd number of
/// times. The map's shorelines are open where GSHHG cut them at 0°, ±180° and the pole: the missing edges
/// there are meridians or the pole itself, which a ray north never crosses, so the count still holds.
final class CoastlineIndex: Sendable {
    private struct Segment {
        let west: Float, westLatitude: Float, east: Float, eastLatitude: Float
    }

    static let columnWidth: Double = 0.05
    private let columns: [[Segment]]

    init(map: BaseMap) {
        let count = Int(360 / Self.columnWidth)
        var columns = [[Segment]](repeating: [], count: count)
        func file(_ a: BaseMap.Point, _ b: BaseMap.Point) {
            // A closing edge across the whole world (Antarctica's) is no real shore.
            guard a.longitude != b.longitude, abs(a.longitude - b.longitude) < 180 else { return }
            let segment = a.longitude < b.longitude
                ? Segment(west: a.longitude, westLatitude: a.latitude, east: b.longitude, eastLatitude: b.latitude)
                : Segment(west: b.longitude, westLatitude: b.latitude, east: a.longitude, eastLatitude: a.latitude)
            for column in Self.column(Double(segment.west))...Self.column(Double(segment.east)) {
                columns[column].append(segment)
            }
        }
        for line in map.polylines(.coast, resolution: .intermediate) {
            guard let first = line.points.first else { continue }
            var previous = first
            for point in line.points.dropFirst() {
                file(previous, point)
                previous = point
            }
            if first != previous { file(previous, first) }
        }
        self.columns = columns
    }

    private static func column(_ longitude: Double) -> Int {
        min(max(Int(((longitude + 180) / columnWidth).rounded(.down)), 0), Int(360 / columnWidth) - 1)
    }

    /// `isLand` for many latitudes on one meridian, in rising order: the column's crossings are found once, only those
    /// among the latitudes sorted, then counted walking up them.
    func isLand(longitude: Double, rising latitudes: [Double]) -> [Bool] {
        guard let lowest = latitudes.first.map(Float.init), let highest = latitudes.last.map(Float.init) else { return [] }
        let x = Float(longitude)
        var among: [Float] = [], above = 0
        for segment in columns[Self.column(longitude)] where segment.west <= x && x < segment.east {
            let t = (x - segment.west) / (segment.east - segment.west)
            let crossing = segment.westLatitude + t * (segment.eastLatitude - segment.westLatitude)
            if crossing > highest { above += 1 } else if crossing > lowest { among.append(crossing) }
        }
        among.sort()
        var next = 0
        return latitudes.map { latitude in
            // Crossings north of the point: those above the highest latitude, and those among them above this one.
            let y = Float(latitude)
            while next < among.count, among[next] <= y { next += 1 }
            return (above + among.count - next) % 2 == 1
        }
    }

    func isLand(latitude: Double, longitude: Double) -> Bool {
        let x = Float(longitude), y = Float(latitude)
        var inside = false
        for segment in columns[Self.column(longitude)] where segment.west <= x && x < segment.east {
            let t = (x - segment.west) / (segment.east - segment.west)
            if segment.westLatitude + t * (segment.eastLatitude - segment.westLatitude) > y { inside.toggle() }
        }
        return inside
    }
}
