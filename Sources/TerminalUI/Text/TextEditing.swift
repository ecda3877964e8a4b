/// Grapheme-based helpers shared by the text widgets.
enum TextEditing {
    static func width(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + TextWidth.width(of: $1) }
    }

    static func previousWordStart(_ characters: [Character], from index: Int) -> Int {
        var i = index
        while i > 0, characters[i - 1].isWhitespace { i -= 1 }
        while i > 0, !characters[i - 1].isWhitespace { i -= 1 }
        return i
    }

    static func nextWordEnd(_ characters: [Character], from index: Int) -> Int {
        var i = index
        while i < characters.count, characters[i].isWhitespace { i += 1 }
        while i < characters.count, !characters[i].isWhitespace { i += 1 }
        return i
    }
}
