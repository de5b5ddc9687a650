import { parse } from '@distill/core';
import { describe, expect, it } from 'vitest';
import { registry } from '../ooxml/testing/corpus.js';
import { docxWith, type ZipInput } from '../ooxml/testing/zip-writer.js';

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const p = (text: string, pPr = '', rPr = '') =>
  `<w:p><w:pPr>${pPr}</w:pPr><w:r><w:rPr>${rPr}</w:rPr><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const styled = (style: string, text: string) => p(text, `<w:pStyle w:val="${style}"/>`);
const numbered = (numId: number, ilvl: number, text: string) =>
  p(text, `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`);

const styles: ZipInput = {
  name: 'word/styles.xml',
  data: `<w:styles ${W}>
    <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
    <w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
    <w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="Überschrift 2"/></w:style>
    <w:style w:type="paragraph" w:styleId="Titre3"><w:name w:val="Titre 3"/></w:style>
    <w:style w:type="paragraph" w:styleId="Custom"><w:name w:val="My Custom"/><w:pPr><w:outlineLvl w:val="3"/></w:pPr></w:style>
    <w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/></w:style>
    <w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style>
    <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
  </w:styles>`,
};

const numbering: ZipInput = {
  name: 'word/numbering.xml',
  data: `<w:numbering ${W}>
    <w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/></w:lvl></w:abstractNum>
    <w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl></w:abstractNum>
    <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
    <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
    <w:num w:numId="3"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
  </w:numbering>`,
};

const rels = `<Relationship Id="rStyles" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rNum" Type="${REL}/numbering" Target="numbering.xml"/>`;

async function md(body: string, extra: ZipInput[] = [], docRels = '', options = {}): Promise<string> {
  const bytes = docxWith(body, [styles, numbering, ...extra], rels + docRels);
  return (await parse(bytes, options, { filename: 'x.docx', registry })).markdown ?? '';
}

describe('docx', () => {
  it('takes headings from style names in several languages and from outline levels', async () => {
    const out = await md(
      styled('Heading1', 'One') +
        styled('berschrift2', 'Zwei') +
        styled('Titre3', 'Trois') +
        styled('Custom', 'Four') +
        p('Body', '<w:outlineLvl w:val="4"/>'),
    );
    expect(out).toBe('# One\n\n## Zwei\n\n### Trois\n\n#### Four\n\n##### Body\n');
  });

  it('puts Heading 1 below a Title that opens the document', async () => {
    const out = await md(styled('Title', 'Doc') + styled('Heading1', 'One') + styled('berschrift2', 'Zwei'));
    expect(out).toBe('# Doc\n\n## One\n\n### Zwei\n');
    // A Title-styled paragraph after the first heading is not the document's root.
    expect(await md(styled('Heading1', 'One') + styled('Title', 'Late'))).toBe('# One\n\n# Late\n');
  });

  it('builds nested bullet and numbered lists, continuing and restarting numbers', async () => {
    const out = await md(
      numbered(1, 0, 'a') +
        numbered(1, 1, 'a.1') +
        numbered(1, 0, 'b') +
        p('between') +
        numbered(2, 0, 'one') +
        numbered(2, 0, 'two') +
        p('gap') +
        numbered(2, 0, 'three') +
        p('gap') +
        numbered(3, 0, 'restart'),
    );
    expect(out).toContain('* a\n  * a.1\n* b');
    expect(out).toContain('1. one\n2. two');
    expect(out).toContain('3. three');
    expect(out).toContain('1. restart');
  });

  it('reads tables with gridSpan, vMerge and nested tables', async () => {
    const tc = (t: string, pr = '') => `<w:tc><w:tcPr>${pr}</w:tcPr>${p(t)}</w:tc>`;
    const nested = `<w:tc>${p('outer')}<w:tbl><w:tr>${tc('in1')}${tc('in2')}</w:tr></w:tbl></w:tc>`;
    const out = await md(
      `<w:tbl><w:tr>${tc('H1')}${tc('H2')}${tc('H3')}</w:tr><w:tr>${tc('wide', '<w:gridSpan w:val="2"/>')}${tc('tall', '<w:vMerge w:val="restart"/>')}</w:tr><w:tr>${tc('x')}${nested}${tc('', '<w:vMerge/>')}</w:tr></w:tbl>`,
    );
    expect(out).toContain('<th>H1</th>');
    expect(out).toContain('<td colspan="2">wide</td>');
    expect(out).toContain('<td rowspan="2">tall</td>');
    expect(out).toContain('outer<br>in1 | in2');
  });

  it('keeps hyperlinks (external and internal), insertions, and drops deletions', async () => {
    const out = await md(
      `<w:p><w:hyperlink r:id="rLink"><w:r><w:t>site</w:t></w:r></w:hyperlink><w:r><w:t xml:space="preserve"> and </w:t></w:r><w:hyperlink w:anchor="sec"><w:r><w:t>section</w:t></w:r></w:hyperlink><w:ins><w:r><w:t xml:space="preserve"> added</w:t></w:r></w:ins><w:del><w:r><w:delText> removed</w:delText></w:r></w:del></w:p>`,
      [],
      `<Relationship Id="rLink" Type="${REL}/hyperlink" Target="https://example.com/" TargetMode="External"/>`,
    );
    expect(out).toContain('[site](https://example.com/) and [section](#sec) added');
    expect(out).not.toContain('removed');
  });

  it('writes footnotes, endnotes and comments linked to their anchors', async () => {
    const fn: ZipInput = {
      name: 'word/footnotes.xml',
      data: `<w:footnotes ${W}><w:footnote w:id="5">${p('The note.')}</w:footnote></w:footnotes>`,
    };
    const en: ZipInput = {
      name: 'word/endnotes.xml',
      data: `<w:endnotes ${W}><w:endnote w:id="2">${p('The end note.')}</w:endnote></w:endnotes>`,
    };
    const cm: ZipInput = {
      name: 'word/comments.xml',
      data: `<w:comments ${W}><w:comment w:id="0" w:author="Ann">${p('Check this.')}</w:comment></w:comments>`,
    };
    const out = await md(
      `<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Text</w:t></w:r><w:r><w:footnoteReference w:id="5"/></w:r><w:r><w:endnoteReference w:id="2"/></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>`,
      [fn, en, cm],
      `<Relationship Id="rF" Type="${REL}/footnotes" Target="footnotes.xml"/><Relationship Id="rE" Type="${REL}/endnotes" Target="endnotes.xml"/><Relationship Id="rC" Type="${REL}/comments" Target="comments.xml"/>`,
    );
    expect(out).toContain('Text[^1][^2][^c1]');
    expect(out).toContain('[^1]: The note.');
    expect(out).toContain('[^2]: The end note.');
    expect(out).toContain('## Comments');
    expect(out).toContain('[^c1]: **Ann:** Check this.');
  });

  it('converts equations to LaTeX, inline and display', async () => {
    const M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
    const out = await md(
      `<w:p><w:r><w:t xml:space="preserve">Area </w:t></w:r><m:oMath ${M}><m:r><m:t>A=π</m:t></m:r><m:sSup><m:e><m:r><m:t>r</m:t></m:r></m:e><m:sup><m:r><m:t>2</m:t></m:r></m:sup></m:sSup></m:oMath></w:p>` +
        `<w:p><m:oMathPara ${M}><m:oMath><m:f><m:num><m:r><m:t>a</m:t></m:r></m:num><m:den><m:r><m:t>b</m:t></m:r></m:den></m:f></m:oMath></m:oMathPara></w:p>`,
    );
    expect(out).toContain('Area $A= \\pi r^{2}$');
    expect(out).toContain('$$\n\\frac{a}{b}\n$$');
  });

  it('reads text boxes, content controls and code-styled paragraphs', async () => {
    const out = await md(
      `<w:sdt><w:sdtContent>${p('In a control')}</w:sdtContent></w:sdt>` +
        `<w:p><w:r><w:t>Anchor</w:t></w:r><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent>${p('Boxed text')}</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>` +
        styled('SourceCode', 'let x = 1;') +
        styled('SourceCode', 'x += 1;'),
    );
    expect(out).toContain('In a control\n\nAnchor\n\nBoxed text');
    expect(out).toContain('```\nlet x = 1;\nx += 1;\n```');
  });

  it('writes page headers and footers once', async () => {
    const hdr: ZipInput = { name: 'word/header1.xml', data: `<w:hdr ${W}>${p('Company header')}</w:hdr>` };
    const hdr2: ZipInput = { name: 'word/header2.xml', data: `<w:hdr ${W}>${p('Company header')}</w:hdr>` };
    const ftr: ZipInput = { name: 'word/footer1.xml', data: `<w:ftr ${W}>${p('Page 1')}</w:ftr>` };
    const sect = `<w:sectPr><w:headerReference w:type="default" r:id="rH1"/><w:headerReference w:type="first" r:id="rH2"/><w:footerReference w:type="default" r:id="rF1"/></w:sectPr>`;
    const out = await md(
      p('Body') + sect,
      [hdr, hdr2, ftr],
      `<Relationship Id="rH1" Type="${REL}/header" Target="header1.xml"/><Relationship Id="rH2" Type="${REL}/header" Target="header2.xml"/><Relationship Id="rF1" Type="${REL}/footer" Target="footer1.xml"/>`,
    );
    expect(out).toBe('Company header\n\nBody\n');
  });

  it('names images by their part, or embeds them as data URIs when asked', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1b0d5e60000000049454e44ae426082',
      'hex',
    );
    const drawing = `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="Picture 1" descr="A red dot"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:embed="rImg"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
    const img: ZipInput = { name: 'word/media/image1.png', data: png };
    const imgRel = `<Relationship Id="rImg" Type="${REL}/image" Target="media/image1.png"/>`;
    expect(await md(drawing, [img], imgRel)).toBe('![A red dot](image1.png)\n');
    const embedded = await md(drawing, [img], imgRel, { removeBase64Images: false });
    expect(embedded).toMatch(/^!\[A red dot\]\(data:image\/png;base64,iVBORw0KGgo/);
  });

  it('reads a macro-enabled document (docm) the same way, never touching its macros', async () => {
    const bytes = docxWith(
      styled('Heading1', 'Macro doc') + p('Body'),
      [styles, { name: 'word/vbaProject.bin', data: 'not run' }],
      rels,
    );
    const r = await parse(bytes, {}, { filename: 'x.docm', registry });
    expect(r.markdown).toBe('# Macro doc\n\nBody\n');
    expect(r.metadata.contentType).toBe('application/vnd.ms-word.document.macroenabled.12');
  });

  it('drops hidden text and content controls still showing their placeholder', async () => {
    const out = await md(
      `<w:p><w:r><w:t xml:space="preserve">Seen </w:t></w:r><w:r><w:rPr><w:vanish/></w:rPr><w:t>unseen</w:t></w:r><w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent><w:r><w:t>Click here to enter text.</w:t></w:r></w:sdtContent></w:sdt></w:p>`,
    );
    expect(out).toBe('Seen\n');
  });

  it('turns quotation-styled paragraphs into a block quote', async () => {
    expect(await md(p('Before') + styled('Quote', 'To be') + styled('Quote', 'or not') + p('After'))).toBe(
      'Before\n\n> To be\n>\n> or not\n\nAfter\n',
    );
  });
});

async function docxOf(body: string): Promise<{ markdown: string; warnings: string[] }> {
  const r = await parse(docxWith(body, [styles, numbering], rels), {}, { filename: 'x.docx', registry });
  return { markdown: (r.markdown ?? '').trim(), warnings: r.warning ? r.warning.split('\n') : [] };
}

describe('DOCX elements this reader does not know', () => {
  it('reads through an unknown wrapper that holds paragraphs, and warns once per element name', async () => {
    const body =
      '<w:p><w:r><w:t>before</w:t></w:r></w:p>' +
      '<v:future xmlns:v="urn:vendor"><w:p><w:r><w:t>inside one</w:t></w:r></w:p></v:future>' +
      '<v:future xmlns:v="urn:vendor"><w:p><w:r><w:t>inside two</w:t></w:r></w:p></v:future>' +
      '<w:p><w:r><w:t>after</w:t></w:r></w:p><w:sectPr/>';
    const { markdown, warnings } = await docxOf(body);
    expect(markdown).toBe('before\n\ninside one\n\ninside two\n\nafter');
    expect(warnings.filter((w) => w.includes('<v:future>'))).toHaveLength(1);
  });
  it('says nothing about known elements without text (section properties, bookmarks, proofing marks)', async () => {
    const body =
      '<w:bookmarkStart w:id="0" w:name="x"/><w:p><w:proofErr w:type="spellStart"/><w:r><w:t>text</w:t></w:r></w:p><w:bookmarkEnd w:id="0"/><w:sectPr><w:pgSz w:w="12240"/></w:sectPr>';
    const { markdown, warnings } = await docxOf(body);
    expect(markdown).toBe('text');
    expect(warnings.filter((w) => w.includes('not an element'))).toEqual([]);
  });
});
