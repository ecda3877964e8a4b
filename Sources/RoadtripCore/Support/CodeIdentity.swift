import Foundation

/// Which build of roadtrip is running: the GNU build id of the executable (a hash of its code, the same in every
/// copy of it), else the executable's size and modification time. An index written by one build is read only by
/// the same build, so a change to how names become keys or places are ranked can never meet an index built by the
/// old rules: the new build makes its own on first use.
enum CodeIdentity {
    static let current: String = buildID().map { "build " + $0.map { String(format: "%02x", $0) }.joined() }
        ?? executableStamp()

    /// The NT_GNU_BUILD_ID note among the main program's headers, read in memory (the loader mapped them).
    private static func buildID() -> [UInt8]? {
        let table = auxiliaryValue(3), count = Int(auxiliaryValue(5))   // AT_PHDR, AT_PHNUM
        guard count > 0, count < 1024, let headers = UnsafeRawPointer(bitPattern: table) else { return nil }
        // Elf64_Phdr: p_type at 0, p_vaddr at 16, p_memsz at 40, 56 bytes each.
        func header(_ i: Int) -> (type: UInt32, address: UInt, size: Int) {
            let h = headers + 56 * i
            return (h.loadUnaligned(as: UInt32.self), UInt(h.loadUnaligned(fromByteOffset: 16, as: UInt64.self)),
                    Int(h.loadUnaligned(fromByteOffset: 40, as: UInt64.self)))
        }
        guard let own = (0..<count).first(where: { header($0).type == 6 }) else { return nil }   // PT_PHDR
        let bias = table &- header(own).address
        for i in 0..<count where header(i).type == 4 {   // PT_NOTE
            guard var note = UnsafeRawPointer(bitPattern: bias &+ header(i).address) else { continue }
            let end = note + header(i).size
            while end - note >= 12 {
                let nameSize = Int(note.loadUnaligned(as: UInt32.self))
                let size = Int(note.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
                let type = note.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
                let name = note + 12, description = name + (nameSize + 3) & ~3
                guard description <= end, size <= end - description else { break }
                if type == 3 && nameSize == 4 && memcmp(name, "GNU", 4) == 0 {   // NT_GNU_BUILD_ID
                    return Array(UnsafeRawBufferPointer(start: description, count: size))
                }
                note = description + (size + 3) & ~3
            }
        }
        return nil
    }

    private static func executableStamp() -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown build" }
        return "executable \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}

/// glibc's `getauxval`, which Swift's Glibc module does not import (<sys/auxv.h>).
@_silgen_name("getauxval")
private func auxiliaryValue(_ type: UInt) -> UInt
