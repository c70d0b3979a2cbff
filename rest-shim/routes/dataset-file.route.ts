import { route } from '../core/route';

interface FileData {
  datasetFile: { path: string; mimetype: string; filename: string; extension: string };
}

/**
 * Raw dataset content, with HTTP Range support for large files; `to_ext` asks for a download
 * (Content-Disposition attachment) named like the platform's.
 */
export const datasetFileRoute = (path: string) =>
  route<FileData>({
    method: 'get',
    path,
    access: 'anonymous',
    operation: 'query ($id: ID!) { datasetFile(id: $id) { path mimetype filename extension } }',
    variables: (input) => ({ id: input.path.id ?? input.path.dataset_id }),
    raw: async (data, input, _req, res) => {
      const file = data.datasetFile;
      const headers: Record<string, string> = { 'Content-Type': file.mimetype };
      if (input.has('to_ext')) headers['Content-Disposition'] = `attachment; filename="${file.filename}.${input.string('to_ext') || file.extension}"`;
      await new Promise<void>((resolve, reject) => {
        res.sendFile(file.path, { headers, acceptRanges: true, dotfiles: 'allow' }, (error) => (error ? reject(error) : resolve()));
      });
    },
  });
