import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

export interface ProjectDetailsForExport {
  name: string;
  uuid: string;
  tenantName: string;
  description: string | null;
  questionnaireType: string;
  stage: string | null;
  status: string | null;
  active: boolean;
  createdAt: Date;
  languages: string[];
  team: { name: string; title: string | null; role: string }[];
  files: { kind: string; fileName: string }[];
}

const cell = (text: string, bold = false) =>
  new TableCell({
    width: { size: 50, type: WidthType.PERCENTAGE },
    children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
  });

const table = (header: string[], rows: string[][]) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true)) }),
      ...rows.map((r) => new TableRow({ children: r.map((v) => cell(v)) })),
    ],
  });

const heading = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_2, spacing: { before: 240 } });
const none = (text: string) => new Paragraph({ children: [new TextRun({ text, italics: true })] });

/** The project details as a Word document (ADR 0017, docs/product/project-team-and-files.md#word-export). */
export async function projectDetailsDocx(project: ProjectDetailsForExport): Promise<Buffer> {
  const details: string[][] = [
    ['Project Name', project.name],
    ['Account', project.tenantName],
    ['Description', project.description ?? ''],
    ['Questionnaire Type', project.questionnaireType],
    ['Stage', project.stage ?? ''],
    ['Status', project.status ?? (project.active ? 'Active' : 'Inactive')],
    ['Languages', project.languages.join(', ')],
    ['Created', project.createdAt.toISOString().slice(0, 10)],
    ['Project UUID', project.uuid],
  ];
  const document = new Document({
    creator: 'Voxscreen',
    title: `${project.name} - Project Details`,
    sections: [
      {
        children: [
          new Paragraph({ text: project.name, heading: HeadingLevel.TITLE, alignment: AlignmentType.LEFT }),
          heading('Project Details'),
          table(['Field', 'Value'], details),
          heading('Team'),
          project.team.length
            ? table(
                ['Name', 'Role'],
                project.team.map((m) => [m.title ? `${m.name} (${m.title})` : m.name, m.role]),
              )
            : none('No team members'),
          heading('Files'),
          project.files.length
            ? table(
                ['Kind', 'File'],
                project.files.map((f) => [f.kind, f.fileName]),
              )
            : none('No files uploaded'),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The export's file name: the project name, safe for every file system, with `.docx`. */
export const exportFileName = (projectName: string) => {
  const safe = [...projectName]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim();
  return `${safe || 'project'} - Project Details.docx`;
};
