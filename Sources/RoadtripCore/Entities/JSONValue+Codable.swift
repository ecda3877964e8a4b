import Foundation

/// A kept value written as the JSON it was (a number's text is written back as a number).
extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : "\(number)")
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let elements = try? single.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            self = .object(try single.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .null: try single.encodeNil()
        case let .bool(flag): try single.encode(flag)
        case let .number(text):
            if let whole = Int64(text) { try single.encode(whole) } else { try single.encode(Double(text) ?? 0) }
        case let .string(text): try single.encode(text)
        case let .array(elements): try single.encode(elements)
        case let .object(members): try single.encode(members)
        }
    }
}
