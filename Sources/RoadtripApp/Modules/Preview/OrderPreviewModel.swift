/// The optimise preview as the modal shows it. Strings are final.
struct OrderPreviewModel: Equatable {
    struct Stop: Equatable {
        /// "3"
        let number: String
        /// The position it had ("7"), empty when it did not move.
        let was: String
        /// "Tulsa", "Tulsa  (pinned)" for a stop pinned in its place.
        let name: String
        var moved: Bool { !was.isEmpty }
    }

    /// "A new order saves 5 h 10 of driving (proven best)."
    let headline: String
    /// The totals' columns: "", "DISTANCE", "DRIVING", "DAYS", "OVER 8 H".
    let totalsHeader: [String]
    /// "before", "after" and "change" rows, cells in the header's order.
    let totals: [[String]]
    /// The stops in the new order.
    let stops: [Stop]
    /// What the figures rest on: estimates searched, a round trip, legs without a road.
    let notes: [String]
}
