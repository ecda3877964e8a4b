import Foundation

/// The namespace of each element, for a reader of `XMLEvents`, which keep names as written and give
/// namespace declarations as attributes (a prefix nobody declared is no reason to refuse a file other tools
/// read): the `xmlns` and `xmlns:prefix` attributes of every open element, innermost first.
struct XMLNamespaces {
    private var scopes: [[String: String]] = []

    /// An element opens: its declarations hold until it closes.
    mutating func enter(_ attributes: [String: String]) {
        var declared: [String: String] = [:]
        for (name, value) in attributes {
            if name == "xmlns" { declared[""] = value } else if name.hasPrefix("xmlns:") { declared[String(name.dropFirst(6))] = value }
        }
        scopes.append(declared)
    }

    mutating func leave() {
        if !scopes.isEmpty { scopes.removeLast() }
    }

    /// The namespace URI of an element named `qualified` ("roadtrip:nights", or "nights" in a default
    /// namespace) in the open elements' scope; nil when its prefix is not declared.
    func uri(of qualified: String) -> String? {
        let prefix = qualified.firstIndex(of: ":").map { String(qualified[..<$0]) } ?? ""
        for scope in scopes.reversed() {
            if let uri = scope[prefix] { return uri }
        }
        return nil
    }
}
