import Foundation

/// The way between two stops on a leg's `WaterGrid`: the shortest over land and sounds when there is one (the road
/// round the water), else the crossing with the least open sea, and of those the shortest (the best guess of the
/// ferry). Steps go to the eight neighbours, and a diagonal step between two cells of open sea is at sea, so no way
/// slips through a fjord drawn one cell wide; the way round is then pulled tight, so the grid's directions add nothing.
enum LandWay {
    struct Way: Equatable {
        /// Over land and sounds: pulled tight for a way round, in grid steps for a crossing.
        var landKm: Double
        /// Over water that reaches open sea, the sounds at its shores included: 0 for a way round.
        var seaKm: Double
    }

    /// A step over open sea costs more than any way over land can: the least sea first, then the shortest.
    private static let seaWeight = 1e7
    /// A way keeps to land where it can, and crosses sounds where they are narrow, not along them.
    private static let soundWeight = 1.5

    /// nil when a stop is outside the grid.
    static func way(from: Coordinate, to: Coordinate, grid: WaterGrid) -> Way? {
        guard let start = grid.cell(from, isEnd: false), let goal = grid.cell(to, isEnd: true) else { return nil }
        return search(grid, from: start, to: goal)
    }

    /// A* with the octile distance, in cells, over the costs above.
    private static func search(_ grid: WaterGrid, from start: Int, to goal: Int) -> Way? {
        let columns = grid.columns, rows = grid.rows, kinds = grid.kinds
        let goalRow = goal / columns, goalColumn = goal % columns
        func estimate(_ cell: Int) -> Double {
            let dx = abs(cell % columns - goalColumn), dy = abs(cell / columns - goalRow)
            return Double(max(dx, dy)) + (2.0.squareRoot() - 1) * Double(min(dx, dy))
        }
        var cost = [Double](repeating: .infinity, count: kinds.count)
        var parent = [Int32](repeating: -1, count: kinds.count)
        var open = CellHeap()
        cost[start] = 0
        open.push(start, priority: estimate(start))
        while let (cell, priority) = open.pop() {
            if cell == goal { break }
            if priority > cost[cell] + estimate(cell) + 1e-9 { continue }  // a stale entry
            let row = cell / columns, column = cell % columns
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let (r, c) = (row + dy, column + dx)
                    guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                    let next = r * columns + c
                    var atSea = kinds[next] == .sea
                    if dx != 0 && dy != 0 {
                        atSea = atSea || kinds[row * columns + c] == .sea || kinds[r * columns + column] == .sea
                    }
                    let length = dx != 0 && dy != 0 ? 2.0.squareRoot() : 1
                    let step = cost[cell] + length * (atSea ? seaWeight : kinds[next] == .sound ? soundWeight : 1)
                    if step < cost[next] {
                        cost[next] = step
                        parent[next] = Int32(cell)
                        open.push(next, priority: step + estimate(next))
                    }
                }
            }
        }
        guard cost[goal] < .infinity else { return nil }
        // The crossing's sea is each stretch of water on the way that reaches open sea, sounds at its shores included.
        var path = [goal]
        var way = Way(landKm: 0, seaKm: 0)
        var water = (km: 0.0, open: false)
        func endWater() {
            if water.open { way.seaKm += water.km } else { way.landKm += water.km }
            water = (0, false)
        }
        while path.last! != start {
            let cell = path.last!, from = Int(parent[cell])
            let step = cost[cell] - cost[from]
            let atSea = step > seaWeight / 2
            let km = (atSea ? step / seaWeight : grid.kinds[cell] == .sound ? step / soundWeight : step) * grid.cellKm
            if atSea || grid.kinds[cell] != .land {
                water.km += km
                water.open = water.open || atSea
            } else {
                endWater()
                way.landKm += km
            }
            path.append(from)
        }
        endWater()
        return way.seaKm > 0 ? way : Way(landKm: taut(path, grid) * grid.cellKm, seaKm: 0)
    }

    /// The length in cells of `path` pulled tight: from each turning point straight to the farthest cell of the path
    /// in sight over land and sounds, so the grid's eight directions add nothing to the way.
    private static func taut(_ path: [Int], _ grid: WaterGrid) -> Double {
        func point(_ cell: Int) -> (x: Double, y: Double) { (Double(cell % grid.columns), Double(cell / grid.columns)) }
        func distance(_ a: Int, _ b: Int) -> Double {
            let (p, q) = (point(a), point(b))
            return ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        func inSight(_ a: Int, _ b: Int) -> Bool {
            let (p, q) = (point(a), point(b))
            let steps = Int((distance(a, b) * 2).rounded(.up))
            return (1..<max(steps, 1)).allSatisfy { step in
                let t = Double(step) / Double(steps)
                let (x, y) = (Int((p.x + t * (q.x - p.x)).rounded()), Int((p.y + t * (q.y - p.y)).rounded()))
                return grid.kinds[y * grid.columns + x] != .sea
            }
        }
        var length = 0.0
        var (anchor, last) = (path[0], path[0])
        for cell in path.dropFirst() {
            if !inSight(anchor, cell) {
                length += distance(anchor, last)
                anchor = last
            }
            last = cell
        }
        return length + distance(anchor, last)
    }
}
