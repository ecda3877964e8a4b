/// The search structures as sections of a mapped index (`SectionFile`), under a prefix ("keys.", "native."): the
/// same columns the built structures hold, so a mapped index searches exactly as the built one.
extension KeyIndex {
    func write(into writer: inout SectionFileWriter, as prefix: String) {
        writer.add(prefix + "keys", keys)
        writer.add(prefix + "entries", entries)
        writer.add(prefix + "lcp", lcp)
        writer.add(prefix + "steps", nextSibling.steps)
        writer.add(prefix + "farFrom", nextSibling.farFrom)
        writer.add(prefix + "farTo", nextSibling.farTo)
        for order in byScore {
            writer.add(prefix + "starts\(order.depth)", order.starts)
            writer.add(prefix + "order\(order.depth)", order.order)
        }
        writer.add(prefix + "ceiling", ceiling.blockMax)
    }

    /// The index written under `prefix`. Its columns' lengths must agree (an entry's lcp, jump and two score orders;
    /// a ceiling per `ScoreCeiling.span` entries); their values are trusted.
    init(_ file: SectionFile, as prefix: String) throws {
        let entries = try file.column(prefix + "entries", Entry.self)
        let count = entries.count
        let farFrom = try file.column(prefix + "farFrom", UInt32.self)
        self.init(keys: try file.column(prefix + "keys", UInt8.self), entries: entries,
                  lcp: try file.column(prefix + "lcp", UInt8.self, count: count),
                  nextSibling: SiblingJumps(steps: try file.column(prefix + "steps", UInt8.self, count: count), farFrom: farFrom,
                                            farTo: try file.column(prefix + "farTo", UInt32.self, count: farFrom.count)),
                  byScore: try [1, 2].map { depth in
                      ScoreOrder(depth: depth, starts: try file.column(prefix + "starts\(depth)", UInt32.self),
                                 order: try file.column(prefix + "order\(depth)", UInt32.self, count: count))
                  },
                  ceiling: ScoreCeiling(blockMax: try file.column(prefix + "ceiling", UInt16.self,
                                                                  count: (count + ScoreCeiling.span - 1) / ScoreCeiling.span)))
    }
}

extension NearestPlaceGrid {
    /// The cells alone: the places' coordinates are their owner's columns.
    func write(into writer: inout SectionFileWriter, as prefix: String) {
        writer.add(prefix + "cellStart", cellStart)
        writer.add(prefix + "items", items)
    }

    init(_ file: SectionFile, as prefix: String, latitude: Column<Float>, longitude: Column<Float>) throws {
        self.init(cellStart: try file.column(prefix + "cellStart", UInt32.self, count: Self.columns * Self.rows + 1),
                  items: try file.column(prefix + "items", UInt32.self, count: latitude.count),
                  latitude: latitude, longitude: longitude)
    }
}
