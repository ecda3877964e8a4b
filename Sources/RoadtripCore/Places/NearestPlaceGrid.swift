import Foundation

/// Reverse lookup: places bucketed in ½°×½° cells, searched in growing square rings around a point.
/// (Half a degree keeps a dense region's cell to a few hundred places; the cell table is 1 MB.)
struct NearestPlaceGrid {
    static let cellsPerDegree = 2.0
    static let columns = 720, rows = 360
    let cellStart: Column<UInt32>   // places of cell c are items[cellStart[c]..<cellStart[c + 1]]
    let items: Column<UInt32>
    let latitude: Column<Float>
    let longitude: Column<Float>

    /// The parts as they are (a mapped index's: `KeyIndexSections`).
    init(cellStart: Column<UInt32>, items: Column<UInt32>, latitude: Column<Float>, longitude: Column<Float>) {
        (self.cellStart, self.items, self.latitude, self.longitude) = (cellStart, items, latitude, longitude)
    }

    init(latitude: Column<Float>, longitude: Column<Float>) {
        self.latitude = latitude
        self.longitude = longitude
        let cellCount = Self.columns * Self.rows
        var counts = [UInt32](repeating: 0, count: cellCount + 1)
        let cells = zip(latitude, longitude).map { Self.cell(Double($0), Double($1)) }
        for c in cells { counts[c + 1] += 1 }
        for c in 0..<cellCount { counts[c + 1] += counts[c] }
        var fill = counts
        var items = [UInt32](repeating: 0, count: cells.count)
        for (place, c) in cells.enumerated() {
            items[Int(fill[c])] = UInt32(place)
            fill[c] += 1
        }
        cellStart = Column(counts)
        self.items = Column(items)
    }

    /// The nearest place and its distance in km.
    func nearest(latitude: Double, longitude: Double) -> (place: Int, km: Double)? {
        var best: (place: Int, km: Double)?
        search(latitude, longitude, within: { best?.km ?? .infinity }) { place, km in
            if best == nil || km < best!.km || (km == best!.km && place < best!.place) { best = (place, km) }
        }
        return best
    }

    /// The place a person would name for a point: the nearest, unless a much bigger place is only a
    /// little farther (a point in the Loop is "Chicago", not the neighbourhood "Chicago Loop").
    /// Each tenfold of population is worth `kmPerDecade` of distance.
    func significant(latitude: Double, longitude: Double, population: Column<UInt32>, kmPerDecade: Double = 3) -> (place: Int, km: Double)? {
        guard let closest = nearest(latitude: latitude, longitude: longitude) else { return nil }
        func worth(_ place: Int, _ km: Double) -> Double { log10(Double(population[place]) + 10) - km / kmPerDecade }
        var best = (place: closest.place, km: closest.km, worth: worth(closest.place, closest.km))
        let reach = closest.km + kmPerDecade * 7   // no place has 10^8 people
        search(latitude, longitude, within: { reach }) { place, km in
            guard km <= reach else { return }
            let w = worth(place, km)
            if w > best.worth || (w == best.worth && place < best.place) { best = (place, km, w) }
        }
        return (best.place, best.km)
    }

    /// The nearest place no farther than `km`, reading only the rings that can hold one: a point far from every
    /// place (out at sea, in the Arctic, where a ring's longitude span shrinks to nothing) costs a few rings, not
    /// the whole grid.
    func nearest(latitude: Double, longitude: Double, withinKm km: Double) -> (place: Int, km: Double)? {
        var best: (place: Int, km: Double)?
        search(latitude, longitude, within: { min(best?.km ?? .infinity, km) },
               maxRings: Self.rings(covering: km, at: latitude)) { place, distance in
            guard distance <= km else { return }
            if best == nil || distance < best!.km || (distance == best!.km && place < best!.place) { best = (place, distance) }
        }
        return best
    }

    /// How many rings around a point at `latitude` hold every place within `km`: enough cells of latitude, and of
    /// longitude at the most poleward latitude that distance reaches.
    static func rings(covering km: Double, at latitude: Double) -> Int {
        let degreesOfLatitude = km / kmPerDegreeOfLatitude
        let poleward = min(89.9, abs(latitude) + degreesOfLatitude)
        let degreesOfLongitude = min(360, degreesOfLatitude / cos(poleward * .pi / 180))
        return Int((max(degreesOfLatitude, degreesOfLongitude) * cellsPerDegree).rounded(.up)) + 1
    }

    /// The `count` nearest places that pass `accept`, nearest first (ties: lower index first).
    func nearest(_ count: Int, latitude: Double, longitude: Double, accept: (Int) -> Bool) -> [(place: Int, km: Double)] {
        guard count > 0 else { return [] }
        var found: [(place: Int, km: Double)] = []
        search(latitude, longitude, within: { found.count < count ? .infinity : found[count - 1].km },
               accept: accept) { place, km in
            guard found.count < count || km < found[count - 1].km else { return }
            var at = found.count
            while at > 0 && (km < found[at - 1].km || (km == found[at - 1].km && place < found[at - 1].place)) { at -= 1 }
            found.insert((place, km), at: at)
            if found.count > count { found.removeLast() }
        }
        return found
    }

    static let kmPerDegreeOfLatitude = GreatCircle.meanRadiusKm * .pi / 180

    /// Visits every place of ring 0, 1, 2, ... until the rings searched cover the radius `within()` or every
    /// place was visited, or `maxRings` rings were. `within()` never grows, and a place farther than it may be left
    /// unvisited: each visitor ignores such places. Places `accept` refuses are not visited (nor measured).
    /// A place outside the first r rings is at least about r cells of latitude, or r cells of
    /// longitude at the rings' most poleward latitude, away from the point.
    private func search(_ lat: Double, _ lon: Double, within: () -> Double, maxRings: Int = .max,
                        accept: (Int) -> Bool = { _ in true }, visit: (Int, Double) -> Void) {
        let centreRow = Self.row(lat), centreColumn = Self.column(lon)
        let cellKm = Self.kmPerDegreeOfLatitude / Self.cellsPerDegree
        var visited = 0
        for r in 0...Self.columns / 2 {
            for dr in -r...r {
                let row = centreRow + dr
                guard row >= 0 && row < Self.rows else { continue }
                // Top and bottom rows of the ring: every column; the rows between: its two sides.
                let step = (dr == -r || dr == r) ? 1 : 2 * r
                for dc in stride(from: -r, through: r, by: step) {
                    let column = ((centreColumn + dc) % Self.columns + Self.columns) % Self.columns
                    let cell = row * Self.columns + column
                    visited += Int(cellStart[cell + 1] - cellStart[cell])
                    // A place farther in latitude alone than the radius still wanted is farther in all: every
                    // visitor ignores it, so its great-circle distance (sines, cosines, an arcsine) is skipped.
                    let reach = within()
                    for i in Int(cellStart[cell])..<Int(cellStart[cell + 1]) {
                        let place = Int(items[i])
                        let placeLatitude = Double(latitude[place])
                        if GreatCircle.latitudeGapKm(placeLatitude, lat) > reach || !accept(place) {
                            continue
                        }
                        visit(place, GreatCircle.distanceKm(lat1: lat, lon1: lon,
                                                            lat2: placeLatitude, lon2: Double(longitude[place])))
                    }
                }
            }
            let poleward = min(89.9, abs(lat) + Double(r + 1) / Self.cellsPerDegree)
            let covered = Double(r) * cellKm * cos(poleward * .pi / 180)
            if covered >= within() || 2 * r + 1 >= Self.columns || visited == items.count || r + 1 >= maxRings { break }
        }
    }

    /// The places of one cell (`row`, `column` as `row(_:)` and `column(_:)` give them): a corridor's prefilter.
    func places(row: Int, column: Int) -> Slice<Column<UInt32>> {
        let cell = row * Self.columns + column
        return items[Int(cellStart[cell])..<Int(cellStart[cell + 1])]
    }

    static func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int(((latitude + 90) * cellsPerDegree).rounded(.down))))
    }
    static func column(_ longitude: Double) -> Int {
        let c = Int(((longitude + 180) * cellsPerDegree).rounded(.down)) % columns
        return c < 0 ? c + columns : c
    }
    private static func cell(_ latitude: Double, _ longitude: Double) -> Int { row(latitude) * columns + column(longitude) }
}
