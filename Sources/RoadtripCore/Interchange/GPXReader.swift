import Foundation

/// GPX 1.0 and 1.1 (OsmAnd, Garmin BaseCamp, gpx.studio, our own export): `wpt`, `rte`/`rtept` and
/// `trk`/`trkseg`/`trkpt` with their `name`, `cmt`, `desc` and `time`. Namespaces are ignored (elements are
/// matched by local name) and so is everything inside `extensions` (Garmin's route shaping points included)
/// but roadtrip's own fields (`TripFields`) in the `extensions` of `metadata`, `wpt` and `rtept`: elements in
/// its namespace, whatever their prefix, of which those this build does not know are skipped.
///
/// Our own export (creator "roadtrip …") writes in `desc` what the trip screen shows, computed from the
/// trip: that is not a note, so it is not read back.
enum GPXReader {
    static func read(_ data: Data) throws -> ImportedContent {
        let reader = Reader()
        try XMLSafety.read(data, format: .gpx, into: reader)
        return reader.content
    }

    private final class Reader: XMLContentReader {
        var content = ImportedContent()
        var error: ImportError?
        var rootClosed = false
        private var path: [String] = []
        private var point: ImportedPoint?
        private var pointDepth = 0
        private var comment = "", pointDescription = ""
        private var text = ""
        private var ownExport = false
        private var extensionsDepth: Int?
        /// Whether the element just inside `extensions` being read has elements of its own: a field is text alone.
        private var fieldHasChildren = false
        private var namespaces = XMLNamespaces()
        private var counts = (wpt: 0, rtept: 0, trkpt: 0)

        func start(_ qualified: String, attributes: [String: String]) {
            let name = XMLSafety.localName(qualified)
            path.append(name)
            namespaces.enter(attributes)
            text = ""
            if let depth = extensionsDepth {
                if path.count == depth + 1 { fieldHasChildren = false } else if path.count > depth + 1 { fieldHasChildren = true }
                return
            }
            if name == "extensions" { extensionsDepth = path.count; return }
            if path.count == 1 {
                guard name == "gpx" else { return fail(.malformed(format: .gpx, reason: "the root element is <\(qualified)>, not <gpx>")) }
                ownExport = attributes["creator"]?.hasPrefix("roadtrip") ?? false
                return
            }
            guard ["wpt", "rtept", "trkpt"].contains(name), point == nil else { return }
            let what: String
            switch name {
            case "wpt": counts.wpt += 1; what = "waypoint \(counts.wpt)"
            case "rtept": counts.rtept += 1; what = "route point \(counts.rtept)"
            default: counts.trkpt += 1; what = "track point \(counts.trkpt)"
            }
            guard let latitude = attributes["lat"], let longitude = attributes["lon"] else {
                return fail(.invalidPoint(what: what, reason: "no valid lat and lon attributes"))
            }
            do {
                let position = try ImportCoordinates.position(latitude: try ImportCoordinates.degrees(latitude, field: "lat"),
                                                              longitude: try ImportCoordinates.degrees(longitude, field: "lon"))
                point = ImportedPoint(position)
            } catch {
                return fail(.invalidPoint(what: what, reason: "\(error)"))
            }
            pointDepth = path.count
            (comment, pointDescription) = ("", "")
        }

        func characters(_ string: String) {
            text += string
        }

        func end(_ qualified: String) {
            defer { path.removeLast(); namespaces.leave(); text = "" }
            if path.count == 1 { rootClosed = true }
            let name = XMLSafety.localName(qualified)
            if let depth = extensionsDepth {
                if path.count == depth {
                    extensionsDepth = nil
                } else if path.count == depth + 1, !fieldHasChildren, TripFields.isOurs(namespace: namespaces.uri(of: qualified)) {
                    if point != nil, depth == pointDepth + 1 {
                        point?.fields[name] = text
                    } else if point == nil, depth == 3, path[1] == "metadata" {
                        content.fields[name] = text
                    }
                }
                return
            }
            if var current = point {
                if path.count == pointDepth + 1 {
                    switch name {
                    case "name": current.name = text
                    case "cmt": comment = text
                    case "desc": pointDescription = text
                    case "time": current.time = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    default: break
                    }
                    point = current
                } else if path.count == pointDepth {
                    current.notes = ImportText.notes([comment, ownExport ? "" : pointDescription])
                    if content.firstTime == nil, let time = current.time, !time.isEmpty { content.firstTime = time }
                    point = nil
                    do throws(ImportError) {
                        switch name {
                        case "wpt": try content.addWaypoint(current)
                        case "rtept": try content.addRoutePoint(current)
                        default: content.track.append(Coordinate(checked: current.latitude, current.longitude))
                        }
                    } catch {
                        fail(error)
                    }
                }
                return
            }
            // The trip's name and notes: GPX 1.1 `metadata`, GPX 1.0 the root's own children; else the first
            // route's or track's name.
            let parent = path.count >= 2 ? path[path.count - 2] : ""
            let isTripField = (path.count == 3 && parent == "metadata") || path.count == 2
            switch name {
            case "name" where isTripField && content.name == nil:
                content.name = text
            case "desc" where isTripField:
                content.notes = ImportText.notes([text])
            case "time" where isTripField && content.firstTime == nil:
                content.firstTime = text.trimmingCharacters(in: .whitespacesAndNewlines)
            case "name" where path.count == 3 && (parent == "rte" || parent == "trk") && content.name == nil:
                content.name = text
            default: break
            }
        }

        private func fail(_ error: ImportError) {
            if self.error == nil { self.error = error }
        }
    }
}
