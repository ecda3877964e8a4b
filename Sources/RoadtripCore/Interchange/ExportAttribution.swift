import Foundation

/// Whose data an export carries that its licence asks to be named: OpenStreetMap's (ODbL) when a leg's road or
/// figures came from a routing engine over OSM data (OSRM, Routino: a region's or a server's) or a stop was picked
/// from an installed region (its place id is an OSM node's, negative: `RegionalMatch.placeID`). Each writer puts
/// the credit where its format keeps such things, never in a field an import reads back as the trip's own.
enum ExportAttribution {
    /// As a line of text: "Map data © OpenStreetMap contributors, ODbL (openstreetmap.org/copyright)".
    static let openStreetMapLine = "Map data \(Credits.openStreetMapInFull)"

    static func carriesOpenStreetMap(_ trip: Trip, _ itinerary: Itinerary) -> Bool {
        itinerary.legs.contains { $0.source != .estimate } || trip.waypoints.contains { ($0.placeId ?? 0) < 0 }
    }
}
