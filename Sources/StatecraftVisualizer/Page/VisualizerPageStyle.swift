/// The style sheet of a visualizer page, inlined in its `<style>` element: system fonts only, no URL.
enum VisualizerPageStyle {
    static let css = #"""
        :root { color-scheme: light; --accent: #b45309; --active: #fde68a; --region: #eef2ff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2937; background: #f9fafb; }
        header { padding: 10px 16px; background: #1f2937; color: #f9fafb; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
        header h1 { font-size: 18px; margin: 0; }
        header .summary { color: #d1d5db; font-size: 12px; }
        .bound { margin: 0; padding: 8px 16px; background: #fef3c7; border-bottom: 1px solid #f59e0b; }
        .bound[hidden] { display: none; }
        main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; flex-wrap: wrap; }
        #diagram { flex: 3 1 480px; background: #fff; border: 1px solid #e5e7eb; border-radius: 6px; padding: 8px; overflow: auto; }
        #diagram svg { max-width: 100%; height: auto; }
        aside { flex: 1 1 280px; display: flex; flex-direction: column; gap: 10px; }
        section.panel { background: #fff; border: 1px solid #e5e7eb; border-radius: 6px; padding: 8px 10px; }
        section.panel h2 { font-size: 13px; margin: 0 0 6px; text-transform: uppercase; letter-spacing: .04em; color: #6b7280; }
        button { font: inherit; padding: 3px 10px; margin: 2px 4px 2px 0; border: 1px solid #9ca3af; border-radius: 4px; background: #f3f4f6; cursor: pointer; }
        button:hover:not(:disabled) { background: #e5e7eb; }
        button:disabled { color: #9ca3af; cursor: default; }
        button.event { border-color: var(--accent); background: #fffbeb; }
        button.cut { border-style: dashed; }
        input[type=number] { width: 6em; font: inherit; }
        ul, ol { margin: 0; padding-left: 20px; }
        #log { padding-left: 30px; max-height: 260px; overflow: auto; font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
        #log li.ignored { color: #9ca3af; }
        .note { color: #6b7280; font-size: 12px; }
        code, .mono { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
        .sc-region > path, .sc-region > polygon { fill: var(--region); stroke: #6366f1; stroke-width: 1.5; }
        .sc-parallel > path, .sc-parallel > polygon { stroke: #4f46e5; stroke-width: 2; }
        .sc-state.sc-active > ellipse, .sc-state.sc-active > polygon, .sc-state.sc-active > path { fill: var(--active); stroke: var(--accent); stroke-width: 3; }
        .cluster.sc-active > path, .cluster.sc-active > polygon { fill: #fffbeb; stroke: var(--accent); stroke-width: 3; }
        .sc-taken > path { stroke: var(--accent); stroke-width: 2.5; }
        .sc-taken > polygon { fill: var(--accent); stroke: var(--accent); }
        .sc-taken > text { fill: var(--accent); font-weight: bold; }
        .cluster.sc-region.sc-active > path, .cluster.sc-region.sc-active > polygon { fill: #fef9c3; }
        """#
}
