import { useProjectContext } from '../../../lib/project-context';
import { useGetProjectQuestionsQuery } from '../../../api/generated/project-service';
import { LoadingState } from '../../../components/feedback/loading-state';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { QuestionEditor } from './question-editor';

/** /main/project/{id}/questions (docs/product/project-questions.md#editor): loading, error, then the editor. */
export function QuestionsTab() {
  const { project, permissions } = useProjectContext();
  const query = useGetProjectQuestionsQuery({ id: project.projectId, preInterviewQuestions: false });
  if (query.isLoading) return <LoadingState />;
  if (!query.data) return <QueryFailure query={query} testId={'questions-load-error'} />;
  return <QuestionEditor project={project} permissions={permissions} questionSet={query.data} />;
}
