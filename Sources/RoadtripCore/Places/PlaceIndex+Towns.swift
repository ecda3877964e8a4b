extension PlaceIndex {
    /// The `limit` most populous places inside `box`, largest first: the towns a map shows. `box` may reach
    /// past ±180° (a view across the antimeridian). Scans every place (a fraction of a millisecond); call it
    /// when the view changes, not per frame.
    public func towns(in box: GeoBox, limit: Int) -> [Place] {
        guard limit > 0, box.isValid else { return [] }
        let whole = box.east - box.west >= 360
        let boxes = whole ? [] : [box, box.shifted(by: -360), box.shifted(by: 360)]
        let south = Float(box.south), north = Float(box.north)
        // The largest `limit` so far, smallest population last.
        var best: [(population: UInt32, index: Int)] = []
        file.latitude.withUnsafeBufferPointer { latitudes in
            file.longitude.withUnsafeBufferPointer { longitudes in
                file.population.withUnsafeBufferPointer { populations in
                    var smallest: UInt32 = 0  // a place must be larger to enter once `best` is full
                    for index in 0..<latitudes.count {
                        let population = populations[index]
                        guard population > smallest || best.count < limit else { continue }
                        let latitude = latitudes[index]
                        guard latitude >= south, latitude <= north else { continue }
                        let longitude = Double(longitudes[index])
                        guard whole || boxes.contains(where: { longitude >= $0.west && longitude <= $0.east }) else { continue }
                        let at = best.firstIndex { $0.population < population } ?? best.count
                        best.insert((population, index), at: at)
                        if best.count > limit { best.removeLast() }
                        if best.count == limit { smallest = best[limit - 1].population }
                    }
                }
            }
        }
        return best.map { file.place(at: $0.index) }
    }
}
