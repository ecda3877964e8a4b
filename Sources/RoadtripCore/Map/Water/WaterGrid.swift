import Foundation

/// The land and sea around a leg's straight line, in square cells over the line's box widened by `marginShare` of
/// its length on every side (at most `across` cells along the longer side, never under `minimumCellKm`).
///
/// A cell is land when its centre and the four points a quarter of a cell from it are: a fjord narrower than a cell
/// still parts the cells on its shores. Sea within `soundKm / 2` of land is a sound: what a bridge, a tunnel or a
/// short ferry crosses, and where the coarse shoreline (GSHHG intermediate, about a kilometre) may show a gap the
/// land has not (Skye's bridge, Lofoten's). It is at least a cell wide: a long leg's cells are wider than a sound,
/// and without it Hammerfest's bridged island was a crossing from Trondheim. Wider sea is open sea. At most
/// `across`² cells, so a leg's search is bounded (11 ms, release, for the slowest test leg).
struct WaterGrid {
    enum Kind: UInt8 { case land, sound, sea }

    static let across = 200.0
    static let minimumCellKm = 0.5
    static let soundKm = 3.0

    let columns: Int
    let rows: Int
    let cellKm: Double
    private(set) var kinds: [Kind]
    private let south: Double, west: Double, kmPerLatitude: Double, kmPerLongitude: Double
    /// The end's longitude on the same side of the antimeridian as the start's.
    private let toLongitude: Double

    init?(from: Coordinate, to: Coordinate, coast: CoastlineIndex, marginShare: Double) {
        let straightKm = GreatCircle.distanceKm(lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude)
        var dLon = to.longitude - from.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        guard straightKm > 0, abs(from.latitude) < 80, abs(to.latitude) < 80 else { return nil }
        kmPerLatitude = 110.57
        kmPerLongitude = max(111.32 * cos((from.latitude + to.latitude) / 2 * .pi / 180), 1)
        let margin = straightKm * marginShare
        south = min(from.latitude, to.latitude) - margin / kmPerLatitude
        west = min(from.longitude, from.longitude + dLon) - margin / kmPerLongitude
        toLongitude = from.longitude + dLon
        let heightKm = abs(to.latitude - from.latitude) * kmPerLatitude + 2 * margin
        let widthKm = abs(dLon) * kmPerLongitude + 2 * margin
        cellKm = max(Self.minimumCellKm, max(heightKm, widthKm) / Self.across)
        columns = Int((widthKm / cellKm).rounded(.up))
        rows = Int((heightKm / cellKm).rounded(.up))
        kinds = [Kind](repeating: .sea, count: rows * columns)
        fill(coast)
        markSounds(within: max(1, Int((Self.soundKm / 2 / cellKm).rounded())))
    }

    private mutating func fill(_ coast: CoastlineIndex) {
        // Each row's three latitudes (a quarter below its centre, the centre, a quarter above), rising.
        let degreesPerCell = cellKm / kmPerLatitude
        let thirds = (0..<rows * 3).map { index -> Double in
            let row = Double(index / 3), quarter = 0.25 * Double(index % 3 + 1)
            return south + (row + quarter) * degreesPerCell
        }
        let centres = stride(from: 1, to: thirds.count, by: 3).map { thirds[$0] }
        for column in 0..<columns {
            func longitude(_ offset: Double) -> Double {
                let longitude = west + (Double(column) + 0.5 + offset) * cellKm / kmPerLongitude
                return longitude >= 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
            }
            let middle = coast.isLand(longitude: longitude(0), rising: thirds)
            let sides = (coast.isLand(longitude: longitude(-0.25), rising: centres),
                         coast.isLand(longitude: longitude(0.25), rising: centres))
            for row in 0..<rows where middle[3 * row] && middle[3 * row + 1] && middle[3 * row + 2] && sides.0[row] && sides.1[row] {
                kinds[row * columns + column] = .land
            }
        }
    }

    /// Sea cells within `reach` cells of land (in the eight directions) become sounds.
    private mutating func markSounds(within reach: Int) {
        var frontier = kinds.indices.filter { kinds[$0] == .land }
        for _ in 0..<reach {
            var next: [Int] = []
            for cell in frontier {
                let row = cell / columns, column = cell % columns
                for dy in -1...1 {
                    for dx in -1...1 {
                        let (r, c) = (row + dy, column + dx)
                        guard r >= 0, r < rows, c >= 0, c < columns, kinds[r * columns + c] == .sea else { continue }
                        kinds[r * columns + c] = .sound
                        next.append(r * columns + c)
                    }
                }
            }
            frontier = next
        }
    }

    /// The start's cell, or the end's: the nearest land within three cells (a port's stop may lie just off the coarse
    /// outline), else the stop's own cell (an island too small for the shorelines); nil outside the grid.
    func cell(_ point: Coordinate, isEnd: Bool) -> Int? {
        let longitude = isEnd ? toLongitude : point.longitude
        let column = Int((longitude - west) * kmPerLongitude / cellKm), row = Int((point.latitude - south) * kmPerLatitude / cellKm)
        guard row >= 0, row < rows, column >= 0, column < columns else { return nil }
        var best: (cell: Int, distance: Int)?
        for dy in -3...3 {
            for dx in -3...3 {
                let (r, c) = (row + dy, column + dx)
                guard r >= 0, r < rows, c >= 0, c < columns, kinds[r * columns + c] == .land else { continue }
                let distance = dx * dx + dy * dy
                if best.map({ distance < $0.distance }) ?? true { best = (r * columns + c, distance) }
            }
        }
        return best?.cell ?? row * columns + column
    }
}
