import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataBase
import StrataPluginKit

extension BlocksCommands {
    /// `list`, `add`, `show`, `edit`, `delete` and `start` of one kind: `strata blocks …`, `strata daily …` or
    /// `strata timer …`, over the use cases `useCases` makes.
    func addItemCommands<Item: ItemCommandLine>(
        _ useCases: @escaping @Sendable () throws -> ItemUseCases<Item>,
        to commands: PluginCommands
    ) throws {
        let kind = Item.kind.rawValue
        try commands.add(Item.List.self) { command, invocation in
            let items = try useCases().fetch.fetchAll()
            if command.json {
                try invocation.writeJSON(items.map(\.json))
            } else {
                invocation.write(Item.listText(items))
            }
        }
        try commands.add(Item.Add.self) { command, invocation in
            let draft = try Item.draft(from: command)
            let item = try useCases().create.execute(draft)
            try reportAdded(item, note: item.note(afterSaving: draft), json: command.json, now: command.now, invocation: invocation)
        }
        try commands.add(Item.Show.self) { command, invocation in
            let item = try find(command.arguments.text, in: useCases())
            if command.json {
                try invocation.writeJSON(item.json)
            } else {
                invocation.write(item.shownText)
            }
        }
        try commands.add(Item.Edit.self) { command, invocation in
            let item = try find(command.arguments.text, in: useCases())
            guard command.changesSomething else {
                let options = Item.Edit.changeOptions
                throw CommandError.usage("nothing to change: give \(options.dropLast().joined(separator: ", ")) or \(options.last ?? "")")
            }
            let draft = try Item.draft(from: command, title: command.title.map(Sanitizer.sanitize) ?? item.title, changing: item.draft)
            let edited = try useCases().edit.execute(id: item.id, draft)
            if command.json {
                try invocation.writeJSON(edited.json)
                return
            }
            invocation.writeLine("Saved \(kind) \"\(edited.title)\": \(edited.summary).")
            if let note = edited.note(afterSaving: draft) { invocation.writeLine(note) }
        }
        try commands.add(Item.Delete.self) { command, invocation in
            let item = try find(command.arguments.text, in: useCases())
            let wasRunning = try container.makeClockFetchUseCase().execute()?.mode.itemID == item.id
            try useCases().delete.execute(id: item.id)
            invocation.writeLine("Deleted \(kind) \"\(item.title)\"" + (wasRunning ? "; it was running, so the clock stopped." : "."))
        }
        try commands.add(Item.Start.self) { command, invocation in
            let item = try find(command.arguments.text, in: useCases())
            try start(Item.kind, id: item.id, json: command.json, invocation: invocation)
        }
    }

    /// The item a person named: by id, the start of its id, or its title.
    func find<Item: BlocksItem>(_ reference: String, in useCases: ItemUseCases<Item>) throws -> Item {
        let items = try useCases.fetch.fetchAll()
        return try ItemLookup.find(reference, in: items, kind: Item.kind, title: \.title)
    }

    /// The output of every `add`: the item (JSON, or a line of text), and with `--now` the item is started
    /// (its clock printed in text mode); without it, text mode hints how to start it.
    func reportAdded<Item: PresentedItem>(_ item: Item, note: String?, json: Bool, now: Bool, invocation: CommandInvocation) throws {
        let kind = Item.kind
        if json {
            if now { _ = try container.makeModeStartUseCase().execute(kind, id: item.id) }
            try invocation.writeJSON(item.json)
            return
        }
        invocation.writeLine("Added \(kind.rawValue) \"\(item.title)\" (\(ShortID.text(item.id))): \(item.summary).")
        if let note { invocation.writeLine(note) }
        if now {
            try start(kind, id: item.id, json: false, invocation: invocation)
        } else {
            invocation.writeLine("Start it now with `strata \(CommandGroup.name(kind)) start \(ShortID.text(item.id))`.")
        }
    }
}
