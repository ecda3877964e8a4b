/// The last few query results, so a redraw or a repeated keystroke costs a dictionary lookup.
/// Oldest entry out first; not thread-safe on its own (`PlaceIndex` holds the lock).
struct QueryCache {
    struct Key: Hashable {
        var text: String
        var limit: Int
        var nearLatitude: Double?
        var nearLongitude: Double?
        var nextLatitude: Double?
        var nextLongitude: Double?
    }

    private let capacity: Int
    private var results: [Key: [PlaceMatch]] = [:]
    private var order: [Key] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(key: Key) -> [PlaceMatch]? {
        get { results[key] }
        set {
            guard let newValue else { return }
            if results.updateValue(newValue, forKey: key) == nil {
                order.append(key)
                if order.count > capacity { results[order.removeFirst()] = nil }
            }
        }
    }
}
