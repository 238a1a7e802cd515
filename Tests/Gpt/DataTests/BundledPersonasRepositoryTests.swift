import Foundation
import GptData
import GptDomain
import GptTesting
import Testing

struct BundledPersonasRepositoryTests {
    @Test func shipsAtLeastFourDistinctPersonasLedByTheLuckyOptimist() throws {
        let personas = try BundledPersonasRepository.loadBundled()
        #expect(personas.count >= 4)
        #expect(personas.first?.id == "lucky")
        #expect(personas.first?.systemPrompt.localizedCaseInsensitiveContains("luck") == true)
        #expect(Set(personas.map(\.id)).count == personas.count)
        #expect(Set(personas.map(\.systemPrompt)).count == personas.count)
        #expect(personas.allSatisfy { !$0.nickname.isEmpty && !$0.introduction.isEmpty })
    }

    @Test func settingsPersonasReplaceByIdAndAppendOtherwise() async throws {
        let bundled = [Persona.stub(id: "lucky"), Persona.stub(id: "stoic")]
        let custom = Persona.stub(id: "stoic", name: "Seneca")
        let pirate = Persona.stub(id: "pirate", name: "Captain")
        let personas = try await BundledPersonasRepository(bundled: bundled, extra: [custom, pirate]).personas()
        #expect(personas.map(\.id) == ["lucky", "stoic", "pirate"])
        #expect(personas[1].name == "Seneca")
    }

    @Test func theGivenFolderIsSearchedBeforeTheExecutablesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gpt-resources-\(UUID().uuidString)")
        let resources = folder.appendingPathComponent("Dropped_GptData.resources/Resources")
        try FileManager.default.createDirectory(at: resources, withIntermediateDirectories: true)
        try Data(#"[{"id": "only", "name": "Only", "systemPrompt": "Be the only one."}]"#.utf8)
            .write(to: resources.appendingPathComponent("personas.json"))

        let personas = try BundledPersonasRepository.loadBundled(searching: [folder])

        #expect(personas.map(\.id) == ["only"])
    }
}
