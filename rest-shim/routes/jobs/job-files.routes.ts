import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { setFileAnswerHeaders } from '../../core/file-answer-headers';
import { route, type RouteSpec } from '../../core/route';
import { receivedFileAsUpload } from '../../../src/http/received-upload';

/** The job files API for runners: sessionless, authorised by job_key (checked in the service). */
export const jobFilesRoutes: RouteSpec<unknown>[] = [
  route<{ jobFileToRead: string }>({
    method: 'get',
    path: '/api/jobs/:job_id/files',
    access: 'job_key',
    operation: 'query ($jobId: String!, $path: String, $jobKey: String) { jobFileToRead(jobId: $jobId, path: $path, jobKey: $jobKey) }',
    variables: (input) => ({ jobId: input.path.job_id, path: input.string('path') ?? null, jobKey: input.string('job_key') ?? null }),
    raw: async (data, _input, _req, res) => {
      // The raw file, under the content type the platform's decorator sets first (platform-facts §2.3).
      // Opened first, so a missing file is answered as an error; then streamed with pipeline, which
      // closes the file when a runner goes away mid-download (pipe kept it open, and the request pending).
      const file = await open(data.jobFileToRead);
      setFileAnswerHeaders(res);
      res.status(200).type('application/json');
      await pipeline(file.createReadStream(), res);
    },
  }),
  route<{ writeJobFile: string }>({
    method: 'post',
    path: '/api/jobs/:job_id/files',
    access: 'job_key',
    operation:
      'mutation ($jobId: String!, $path: String, $jobKey: String, $file: Upload, $uploadStorePath: String) { writeJobFile(jobId: $jobId, path: $path, jobKey: $jobKey, file: $file, uploadStorePath: $uploadStorePath) }',
    variables: (input, req) => {
      const received = req?.files?.find((file) => file.field === 'file');
      const upload = received ? receivedFileAsUpload(received) : null;
      return {
        jobId: input.path.job_id,
        path: input.string('path') ?? null,
        jobKey: input.string('job_key') ?? null,
        file: upload,
        uploadStorePath: input.string('__file_path') ?? null,
      };
    },
    shape: (data) => ({ message: data.writeJobFile }),
  }),
];
