import { Button, Group, Paper } from '@mantine/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/**
 * Document content. StarterKit's nodes and marks (headings, paragraphs, bold, italic, underline,
 * strike, lists, quotes, links, rules) are all inside what the PDF renderer keeps (its sanitizer
 * in domain/rendering), so what is written is what gets signed.
 */
export function RichEditor({
  initialHtml,
  onChange,
  readOnly = false,
  label = 'Contenido del documento',
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  label?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false },
      }),
    ],
    content: initialHtml,
    editable: !readOnly,
    immediatelyRender: true,
    // Its styles are in desk.css: the page's CSP allows no injected <style> without the nonce.
    injectCSS: false,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });
  if (!editor) return null;
  const tool = (name: string, active: boolean, run: () => void, text: string) => (
    <Button
      key={name}
      size="compact-sm"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active}
      // A mouse click leaves the focus (and the caret) in the text: the next keystroke goes on
      // typing there, instead of reaching the button before the editor takes the focus back.
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {text}
    </Button>
  );
  return (
    <Paper withBorder className="rich-editor">
      {!readOnly && (
        <Group
          gap={4}
          p={6}
          role="toolbar"
          aria-label="Formato"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          {tool('Negrita', state?.bold ?? false, () => editor.chain().focus().toggleBold().run(), 'Negrita')}
          {tool('Cursiva', state?.italic ?? false, () => editor.chain().focus().toggleItalic().run(), 'Cursiva')}
          {tool(
            'Subrayado',
            state?.underline ?? false,
            () => editor.chain().focus().toggleUnderline().run(),
            'Subrayado',
          )}
          {tool('Título', state?.h2 ?? false, () => editor.chain().focus().toggleHeading({ level: 2 }).run(), 'Título')}
          {tool(
            'Lista con viñetas',
            state?.bullet ?? false,
            () => editor.chain().focus().toggleBulletList().run(),
            'Lista con viñetas',
          )}
          {tool(
            'Lista numerada',
            state?.ordered ?? false,
            () => editor.chain().focus().toggleOrderedList().run(),
            'Lista numerada',
          )}
          {tool('Cita', state?.quote ?? false, () => editor.chain().focus().toggleBlockquote().run(), 'Cita')}
          {tool('Deshacer', false, () => editor.chain().focus().undo().run(), 'Deshacer')}
          {tool('Rehacer', false, () => editor.chain().focus().redo().run(), 'Rehacer')}
        </Group>
      )}
      <EditorContent editor={editor} />
    </Paper>
  );
}
