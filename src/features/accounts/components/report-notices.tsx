// What the panel says about the report beside its rows: a read that failed, the report offered as a file, links sent
// as plain strings or as a list, loading cut short, and where the bank's answers deviate from 1.3.12.
import { useState } from 'react';
import { linksNote, type BankProfile, type GetTransactionsVariables } from '../../../api';
import { Button, DeviationNote, DeviationNotice, Spinner, usePresenterView } from '../../../components/ui';
import type { Report } from '../hooks/use-report';
import type { ReportQuery } from '../model/report-query';
import { ReadError } from './read-error';

interface ReadContext {
  profile: BankProfile;
  consentId: string;
}

/** The report offered as a file (`_links.download`): the note, the button that saves it, and a failed download. */
function ReportDownload({
  href,
  only,
  variables,
  fileStem,
  query,
}: {
  href: string;
  only: boolean;
  variables: GetTransactionsVariables;
  /** The IBAN, or the account id when the bank gives none. */
  fileStem: string;
  query: ReportQuery;
}) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>();
  async function save() {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      // The reading and saving of a file load with the first download.
      const { downloadReport, reportFileName, saveFile } = await import('../model/download-report');
      const file = await downloadReport({ ...variables, href });
      saveFile(file, reportFileName(fileStem, query.dateFrom, query.dateTo, file.extension));
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <>
      <div role="note" className="space-y-2 rounded border border-blue-300 bg-blue-50 p-3 text-sm">
        <p>
          {only
            ? 'The bank offers this report only as a download (_links.download), with no entries in its answer, so the list below is empty. Download the file to see the transactions.'
            : 'The bank also offers this report as a download (_links.download).'}
        </p>
        <Button size="sm" variant="primary" disabled={downloading} onClick={() => void save()}>
          {downloading ? <Spinner /> : null}
          Download the report
        </Button>
      </div>
      {downloadError !== undefined && (
        <ReadError
          error={downloadError}
          what="the report's download"
          profile={variables.profile}
          consentId={variables.consentId}
          bankLink={{ name: 'download', href }}
        />
      )}
    </>
  );
}

function PageReadError({ report, profile, consentId }: { report: Report } & ReadContext) {
  const { view, pageQuery } = report;
  if (view.mode !== 'page' || !pageQuery.isError) return null;
  return (
    <ReadError
      error={pageQuery.error}
      what="the transactions"
      profile={profile}
      consentId={consentId}
      onRetry={() => void pageQuery.refetch()}
      {...(view.link && view.href && { bankLink: { name: view.link, href: view.href } })}
    />
  );
}

function AllPagesNotices({ report, profile, consentId }: { report: Report } & ReadContext) {
  const { view, all } = report;
  if (view.mode !== 'all') return null;
  return (
    <>
      {all.status === 'error' && (
        <ReadError
          error={all.error}
          what={`page ${all.pageCount + 1} of the transactions`}
          profile={profile}
          consentId={consentId}
        />
      )}
      {all.status === 'cut-off' && (
        <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
          Loading stopped: {all.cutOffReason}. The rows below are what was read.
        </p>
      )}
    </>
  );
}

export function ReportNotices({
  report,
  variables,
  fileStem,
  query,
}: {
  report: Report;
  variables: GetTransactionsVariables;
  fileStem: string;
  query: ReportQuery;
}) {
  const { profile, consentId } = variables;
  const { view, download, onlyDownload, linkForms, all, pageData } = report;
  const note = linksNote(linkForms, { forAudience: usePresenterView() });
  return (
    <>
      <PageReadError report={report} profile={profile} consentId={consentId} />
      {download !== undefined && (
        <ReportDownload href={download} only={onlyDownload} variables={variables} fileStem={fileStem} query={query} />
      )}
      {view.mode === 'page' && note && <DeviationNote words={note} />}
      <AllPagesNotices report={report} profile={profile} consentId={consentId} />
      <DeviationNotice deviations={view.mode === 'all' ? all.deviations : (pageData?.deviations ?? [])} />
    </>
  );
}
