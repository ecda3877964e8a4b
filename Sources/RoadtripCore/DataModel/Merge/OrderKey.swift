/// Where a stop sits in its trip, as a string that sorts between its neighbours' (fractional indexing): a stop
/// moved or inserted gets a key between the keys around it, and no other stop's key changes, so two machines that
/// move different stops merge both moves. Stops sort by key, then by id: two stops inserted at one place on two
/// machines (the same key) keep one order everywhere.
///
/// Keys are made of the 62 digits 0-9A-Za-z (byte order is digit order) and never end in "0", so there is always
/// room between two keys. A trip's stops before any move have the canonical keys "a1", "a2", … "az", "b11", …
/// (`canonical(_:)`): a head letter for the length, then digits 1–z; such a trip writes no keys.
public struct OrderKey: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// A key read from a file: digits only, not ending in "0", at most `maxLength` digits.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.maxLength, text.utf8.last != Self.digits[0],
              text.utf8.allSatisfy({ Self.value(of: $0) != nil }) else { return nil }
        self.text = text
    }

    private init(digits: [UInt8]) {
        text = String(decoding: digits.map { Self.digits[Int($0)] }, as: UTF8.self)
    }

    public var description: String { text }

    public static func < (a: OrderKey, b: OrderKey) -> Bool { a.text.utf8.lexicographicallyPrecedes(b.text.utf8) }

    /// Longer keys are refused on reading: an insert adds about one digit, so a key this long means a hostile file.
    static let maxLength = 200

    // MARK: Canonical keys

    /// The key of the stop at `index` in a trip never reordered: "a" and one digit for the first 61, "b" and two
    /// for the next 61², and so on (digits 1–z, so none ends in 0).
    public static func canonical(_ index: Int) -> OrderKey {
        var rest = max(index, 0), length = 1, span = 61
        while rest >= span, length < 8 {
            rest -= span
            length += 1
            span *= 61
        }
        var digits = [UInt8](repeating: 1, count: length + 1)
        digits[0] = value(of: UInt8(ascii: "a"))! + UInt8(length - 1)
        for place in stride(from: length, through: 1, by: -1) {
            digits[place] = UInt8(rest % 61) + 1
            rest /= 61
        }
        return OrderKey(digits: digits)
    }

    /// Whether this is `canonical(index)`, worked out from the digits without making that key.
    func isCanonical(at index: Int) -> Bool {
        var utf8 = text.utf8.makeIterator()
        guard let head = utf8.next(), let length = Self.value(of: head).map({ Int($0) - 35 }), (1...8).contains(length)
        else { return false }
        var base = 0, span = 61
        for _ in 1..<length {
            base += span
            span *= 61
        }
        var value = 0, digits = 0
        while let byte = utf8.next() {
            guard let digit = Self.value(of: byte), digit > 0 else { return false }
            value = value * 61 + Int(digit) - 1
            digits += 1
        }
        return digits == length && base + value == index
    }

    /// A key after `key` and before `next` (nil: no bound). With no bound it is the first canonical key after
    /// `key`: a trip that only grows at its end stays canonical, and stops added at the end of a reordered one get
    /// short keys (halving the space after the last key would add a digit every few stops).
    public static func between(_ key: OrderKey?, _ next: OrderKey?) -> OrderKey {
        if next == nil, let successor = key.map(canonicalSuccessor(of:)) ?? canonical(0) { return successor }
        if next == nil, let key, let following = firstCanonical(after: key) { return following }
        let low = key.map(digits(of:)) ?? [], high = next.map(digits(of:))
        return OrderKey(digits: midpoint(low, high))
    }

    /// `count` increasing keys after `key` and before `next`, spread out: the middle one first, then each half, so a
    /// reversed trip's keys grow by a digit or two, not one every few stops.
    public static func keys(_ count: Int, between key: OrderKey?, _ next: OrderKey?) -> [OrderKey] {
        guard count > 0 else { return [] }
        guard next != nil else {
            var keys: [OrderKey] = []
            var previous = key
            for _ in 0..<count {
                let following = between(previous, nil)
                keys.append(following)
                previous = following
            }
            return keys
        }
        let half = count / 2
        let middle = between(key, next)
        return Self.keys(half, between: key, middle) + [middle] + Self.keys(count - half - 1, between: middle, next)
    }

    /// The first canonical key after `key`, found by bisection (canonical keys increase with their index); nil
    /// past the last (`key` beyond every canonical key).
    private static func firstCanonical(after key: OrderKey) -> OrderKey? {
        var low = 0, high = lastCanonicalIndex
        guard key < canonical(high) else { return nil }
        while low < high {
            let middle = low + (high - low) / 2
            if key < canonical(middle) { high = middle } else { low = middle + 1 }
        }
        return canonical(low)
    }

    /// The index of the last canonical key (eight digits after the head).
    private static let lastCanonicalIndex: Int = {
        var total = 0, span = 1
        for _ in 1...8 {
            span *= 61
            total += span
        }
        return total - 1
    }()

    private static func canonicalSuccessor(of key: OrderKey) -> OrderKey? {
        let digits = digits(of: key)
        let head = Int(digits[0]) - Int(value(of: UInt8(ascii: "a"))!)
        guard (0..<8).contains(head), digits.count == head + 2, !digits.dropFirst().contains(0) else { return nil }
        var index = 0, span = 61, base = 0
        for _ in 0..<head {
            base += span
            span *= 61
        }
        for digit in digits.dropFirst() { index = index * 61 + Int(digit) - 1 }
        return canonical(base + index + 1)
    }

    /// Digits strictly between `low` and `high` read as fractions 0.low and 0.high (`high` nil: 1), never ending
    /// in 0. Neither ends in 0, so such digits exist.
    private static func midpoint(_ low: [UInt8], _ high: [UInt8]?) -> [UInt8] {
        var prefix: [UInt8] = []
        var position = 0
        if let high {
            while position < high.count, (position < low.count ? low[position] : 0) == high[position] {
                prefix.append(high[position])
                position += 1
            }
        }
        let a = Int(position < low.count ? low[position] : 0)
        let b = high.map { Int($0[position]) } ?? 62
        if b - a > 1 { return prefix + [UInt8((a + b) / 2)] }
        if let high, high.count > position + 1 { return prefix + [high[position]] }
        // b is a + 1 and `high` ends there: a, then anything above the rest of `low`.
        return prefix + [UInt8(a)] + midpoint(Array(low.dropFirst(position + 1)), nil)
    }

    private static func digits(of key: OrderKey) -> [UInt8] { key.text.utf8.map { value(of: $0)! } }

    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 36
        default: return nil
        }
    }
}
