import CLibXML

/// libxml2, opened the first time a GPX or KML file is read (`CLibXML`), never linked: a run that reads none
/// starts without it and the system ICU it pulls in.
enum LibXML {
    /// Debian's libxml2 (package `libxml2`, which `libxml2-dev` and `libxml2-utils` need too).
    static let soname = "libxml2.so.2"

    /// The opened library, `CLibXML`'s handle; never closed.
    struct Library: @unchecked Sendable {
        let handle: OpaquePointer
    }

    /// Opened once per process, by whichever thread reads XML first (a static is initialised once).
    static let shared = open(soname)

    /// The library at `soname`, or the import error naming it when it cannot be opened.
    static func open(_ soname: String) -> Result<Library, ImportError> {
        var reason = [CChar](repeating: 0, count: 512)
        guard let handle = rt_xml_library_open(soname, &reason, reason.count) else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return .failure(.xmlLibraryMissing(library: soname, reason: text))
        }
        return .success(Library(handle: handle))
    }
}
