import Foundation

/// GeoJSON (RFC 7946, and our own export): a FeatureCollection, a Feature or a bare geometry. A Point (or each
/// of a MultiPoint) is a stop, named by its "name" (or "title") property, its notes from "notes" (our
/// export), else "cmt" then "desc" or "description"; LineStrings and MultiLineStrings add to the track (used
/// when there are no points). Positions are [lon, lat(, alt)], JSON numbers (exponents are JSON numbers too;
/// a boolean or a string is no coordinate). The collection's "name" and "notes" (foreign members our export
/// writes) name the trip; a `roadtrip` object in it and in a stop's properties holds roadtrip's own fields
/// (`TripFields`: its strings, numbers and booleans are read, anything else skipped).
///
/// The document is read as it goes (`JSONScanner`, the trips file's reader), members in any order, each feature
/// turned into stops and track points when it ends, positions kept as 16 bytes each: memory stays near the
/// file's size (`JSONSerialization`'s tree took 76 times it), and a file with too many stops is refused when
/// they show.
enum GeoJSONReader {
    static func read(_ data: Data) throws -> ImportedContent {
        try data.withUnsafeBytes { raw in
            let scanner = JSONScanner(raw.bindMemory(to: UInt8.self))
            do {
                guard scanner.next == .object else { throw notGeoJSON }
                var features: Reader? = Reader()
                let root = try Object.read(scanner, features: &features)
                try scanner.end()
                return try content(root, features: features ?? Reader())
            } catch let failure as JSONScanner.Failure {
                let (line, column) = scanner.lineAndColumn(of: failure.offset)
                throw ImportError.malformed(format: .geojson,
                                            reason: "not valid JSON (\(failure.message) at line \(line), column \(column))")
            }
        }
    }

    private static let notGeoJSON = ImportError.malformed(format: .geojson, reason: "the top level is not a GeoJSON object with a \"type\"")

    private static func content(_ root: Object, features: Reader) throws -> ImportedContent {
        var reader: Reader
        switch root.type {
        case nil: throw notGeoJSON
        case "FeatureCollection":
            guard root.hasFeatures else {
                throw ImportError.malformed(format: .geojson, reason: "a FeatureCollection without a \"features\" array")
            }
            reader = features
        case "Feature":
            reader = Reader()
            try reader.feature(root)
        default:
            reader = Reader()
            try reader.geometry(root, properties: Properties())
        }
        reader.content.name = root.members.name
        reader.content.notes = ImportText.notes([root.members.notes ?? ""])
        reader.content.fields = root.members.fields
        return reader.content
    }

    /// The string members a stop or the trip is made from; members of other kinds are ignored.
    private struct Properties {
        var name, title, notes, cmt, desc, description, date, time: String?
        var fields: [String: String] = [:]

        mutating func read(_ key: String, _ scanner: JSONScanner) throws -> Bool {
            if key == TripFields.geoJSONMember, scanner.next == .object {
                try scanner.object { member in
                    switch scanner.next {
                    case .string: fields[member] = try scanner.string()
                    case .number: if case let .number(text) = try scanner.value() { fields[member] = text }
                    case .boolean: fields[member] = String(try scanner.bool())
                    default: try scanner.skipValue()
                    }
                }
                return true
            }
            let field: WritableKeyPath<Properties, String?>
            switch key {
            case "name": field = \.name
            case "title": field = \.title
            case "notes": field = \.notes
            case "cmt": field = \.cmt
            case "desc": field = \.desc
            case "description": field = \.description
            case "date": field = \.date
            case "time": field = \.time
            default: return false
            }
            guard scanner.next == .string else { return false }
            self[keyPath: field] = try scanner.string()
            return true
        }
    }

    /// One object of the document as far as GeoJSON goes, whatever its type: a collection, a feature, a geometry.
    private struct Object {
        var type: String?
        var members = Properties()
        var properties = Properties()
        var coordinates: Positions?
        var geometry: [Object] = []
        var geometries: [Object] = []
        var hasFeatures = false

        /// Reads the object next in `scanner`. The top level's "features" go to `features` as each ends (nil
        /// below it, where "features" means nothing).
        static func read(_ scanner: JSONScanner, features: inout Reader?) throws -> Object {
            var object = Object()
            var none: Reader?
            try scanner.object { key in
                let kind = scanner.next
                switch key {
                case "type" where kind == .string:
                    object.type = try scanner.string()
                case "coordinates":
                    object.coordinates = try Positions.read(scanner)
                case "geometry" where kind == .object:
                    object.geometry = [try read(scanner, features: &none)]
                case "geometries" where kind == .array:
                    try scanner.array { _ in
                        guard scanner.next == .object else { return try scanner.skipValue() }
                        object.geometries.append(try read(scanner, features: &none))
                    }
                case "properties" where kind == .object:
                    try scanner.object { key in
                        if try !object.properties.read(key, scanner) { try scanner.skipValue() }
                    }
                case "features" where kind == .array && features != nil:
                    object.hasFeatures = true
                    try scanner.array { _ in
                        guard scanner.next == .object else { throw notAFeature }
                        let feature = try read(scanner, features: &none)
                        try features?.feature(feature)
                    }
                default:
                    if try !object.members.read(key, scanner) { try scanner.skipValue() }
                }
            }
            return object
        }
    }

    private static let notAFeature = ImportError.malformed(format: .geojson, reason: "a member of \"features\" is not a Feature")

    /// A "coordinates" member as read: every position in order (one not of two numbers as NaN, which no JSON
    /// number gives), how deep the arrays nest (1: a position; 2: a list of them; 3: lists of lists; nil: empty),
    /// and where each list of a depth-3 member ends.
    private struct Positions {
        var points: [Coordinate] = []
        var depth: Int?
        var groupEnds: [Int] = []
        var isArray = true

        static let invalid = Coordinate(checked: .nan, .nan)

        static func read(_ scanner: JSONScanner) throws -> Positions {
            var positions = Positions()
            guard scanner.next == .array else {
                try scanner.skipValue()
                positions.isArray = false
                return positions
            }
            positions.depth = try positions.level(scanner, top: true)
            return positions
        }

        /// Reads one array and what it holds. Its depth: 1 for a position, nil for an empty array (or one of
        /// empty arrays), 0 for a mix of depths (never valid).
        private mutating func level(_ scanner: JSONScanner, top: Bool) throws -> Int? {
            var isList: Bool?  // told by the first element
            var longitude = Double.nan, latitude = Double.nan, count = 0
            var childDepth: Int?
            var mixed = false, emptyChild = false
            try scanner.array { _ in
                let kind = scanner.next
                if isList == nil { isList = kind == .array }
                if isList == false {
                    // A position: its first two members, numbers or not; an altitude or more are skipped.
                    if count < 2, kind == .number {
                        let value = try scanner.double()
                        if count == 0 { longitude = value } else { latitude = value }
                    } else {
                        try scanner.skipValue()
                    }
                    count += 1
                    return
                }
                guard kind == .array else { mixed = true; return try scanner.skipValue() }
                let depth = try level(scanner, top: false)
                if let depth {
                    if childDepth == nil { childDepth = depth } else if childDepth != depth { mixed = true }
                } else {
                    emptyChild = true
                }
                if top, depth != 1 { groupEnds.append(points.count) }
            }
            switch isList {
            case nil: return nil
            case false?:
                // A long line: room at once for as many positions as the rest of the file can hold ("[1,1]," is
                // 6 bytes), touched only as filled, so that growing never holds an old copy beside a new one.
                if points.count == 4096 { points.reserveCapacity(points.count + (scanner.bytes.count - scanner.offset) / 6) }
                points.append(count >= 2 ? Coordinate(checked: latitude, longitude) : Self.invalid)
                return 1
            case true?:
                // [] among positions is a position without numbers; among lists, an empty list.
                return mixed || (emptyChild && childDepth == 1) ? 0 : childDepth.map { $0 + 1 }
            }
        }
    }

    /// Stops and track points from features and geometries, in order, counted for the messages.
    private struct Reader {
        var content = ImportedContent()
        var counts = (points: 0, lines: 0)

        mutating func feature(_ feature: Object) throws {
            guard feature.type == "Feature" else { throw notAFeature }
            // A Feature may have a null geometry (RFC 7946 §3.2): nothing to import from it.
            guard let geometry = feature.geometry.first else { return }
            try self.geometry(geometry, properties: feature.properties)
        }

        mutating func geometry(_ geometry: Object, properties: Properties) throws {
            let type = geometry.type ?? ""
            switch type {
            case "Point":
                counts.points += 1
                let positions = try self.positions(geometry, type, depth: 1, what: "point \(counts.points)")
                try addStop(positions.points.first, properties: properties)
            case "MultiPoint":
                for position in try positions(geometry, type, depth: 2, what: "point \(counts.points + 1)").points {
                    counts.points += 1
                    try addStop(position, properties: properties)
                }
            case "LineString":
                counts.lines += 1
                try addTrack(try positions(geometry, type, depth: 2, what: "line \(counts.lines)").points)
            case "MultiLineString":
                let lines = try positions(geometry, type, depth: 3, what: "line \(counts.lines + 1)")
                var start = 0
                for end in lines.groupEnds {
                    counts.lines += 1
                    try addTrack(Array(lines.points[start..<end]))
                    start = end
                }
            case "GeometryCollection":
                for member in geometry.geometries { try self.geometry(member, properties: properties) }
            case "Polygon", "MultiPolygon": break  // an area is not a stop
            default:
                throw ImportError.malformed(format: .geojson, reason: "unknown geometry type \"\(TerminalSafe.line(String(type.prefix(40))))\"")
            }
        }

        private func positions(_ geometry: Object, _ type: String, depth: Int, what: String) throws -> Positions {
            guard let positions = geometry.coordinates, positions.isArray else {
                throw ImportError.malformed(format: .geojson, reason: "a \(type) whose \"coordinates\" is not an array")
            }
            guard positions.depth == depth || (positions.depth == nil && depth > 1) else {
                throw ImportError.invalidPoint(what: what, reason: "its position is not [longitude, latitude]")
            }
            return positions
        }

        private func checked(_ position: Coordinate?, what: String) throws -> Coordinate {
            guard let position, !position.latitude.isNaN, !position.longitude.isNaN else {
                throw ImportError.invalidPoint(what: what, reason: "its position is not [longitude, latitude]")
            }
            do {
                return try ImportCoordinates.position(latitude: position.latitude, longitude: position.longitude)
            } catch {
                throw ImportError.invalidPoint(what: what, reason: "\(error)")
            }
        }

        /// Appends a line's positions, checked; the array itself when it is the first and needed no change
        /// (a long line is then held once).
        private mutating func addTrack(_ line: [Coordinate]) throws {
            var kept = line
            for index in line.indices {
                let position = try checked(line[index], what: "line \(counts.lines)")
                // -0 made +0: the only change a valid position gets.
                if position.latitude.sign != line[index].latitude.sign || position.longitude.sign != line[index].longitude.sign {
                    kept[index] = position
                }
            }
            if content.track.isEmpty { content.track = kept } else { content.track += kept }
        }

        private mutating func addStop(_ position: Coordinate?, properties: Properties) throws {
            var stop = ImportedPoint(try checked(position, what: "point \(counts.points)"))
            stop.name = properties.name ?? properties.title ?? ""
            stop.notes = properties.notes.map { ImportText.notes([$0]) }
                ?? ImportText.notes([properties.cmt ?? "", properties.desc ?? properties.description ?? ""])
            stop.time = properties.date ?? properties.time
            stop.fields = properties.fields
            if content.firstTime == nil { content.firstTime = stop.time }
            try content.addWaypoint(stop)
        }
    }
}

extension JSONScanner {
    enum ValueKind { case object, array, string, number, boolean, other }

    /// The kind of the value at the scanner (after whitespace), not read: for a reader that takes a member
    /// only when it is of the kind it needs.
    var next: ValueKind {
        skipWhitespace()
        guard offset < bytes.count else { return .other }
        switch bytes[offset] {
        case Byte.openBrace: return .object
        case Byte.openBracket: return .array
        case Byte.quote: return .string
        case Byte.t, Byte.f: return .boolean
        case let byte where byte == Byte.minus || Byte.isDigit(byte): return .number
        default: return .other
        }
    }
}
