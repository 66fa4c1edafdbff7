// Shapes of docs/api.md ("API contract: boards, …"), as the board screen receives them.

export type ShowIdsMode = 'empty' | 'circle' | 'square' | 'dot' | 'space';
export type PriorityValue = 'low' | 'medium' | 'high' | 'critical';

export interface Member {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  /** false: invited, not yet accepted (the UI shows the e-mail). */
  accepted: boolean;
  /** Removed or left: kept so old assignments still show a name; not assignable. */
  isDeleted: boolean;
}

export interface Priority {
  value: PriorityValue;
  label: string;
  color: string;
}

export interface Column {
  id: string;
  boardId: number;
  name: string;
  taskIds: string[];
}

export interface Label {
  id: number;
  boardId: number;
  title: string;
  color: string;
  isMainColor: boolean;
}

/** A task as the board detail holds it: no description text, no comments. */
export interface Task {
  id: string;
  boardId: number;
  columnId: string;
  /** Per-board sequence shown as the card id. */
  number: number;
  title: string;
  hasDescription: boolean;
  /** '' when unset; numeric text otherwise. */
  estimation: string;
  priority: PriorityValue | null;
  assignees: number[];
  labels: number[];
  commentsCount: number;
  filesCount: number;
  createdAt: string;
  createdBy: number;
}

export interface Comment {
  id: number;
  boardId: number;
  taskId: string;
  userId: number;
  text: string;
  createdAt: string;
}

export interface FileItem {
  id: number;
  boardId: number;
  taskId: string;
  name: string;
  url: string;
  type: string;
  size: number;
}

export interface TaskDetail extends Task {
  description: string;
  comments: Comment[];
  files: FileItem[];
}

export interface Board {
  id: number;
  name: string;
  color: string;
  showIdsMode: ShowIdsMode;
  showTotalColumnEstimation: boolean;
  createdBy: number;
  version: number;
  members: Member[];
  columnOrder: string[];
  columns: Record<string, Column>;
  tasks: Record<string, Task>;
  labels: Label[];
  priorities: Priority[];
}

export interface BoardListItem {
  id: number;
  name: string;
  color: string;
}

/** Accepted members who are still on the board: the ones that can be assigned and are counted. */
export function activeMembers(board: Pick<Board, 'members'>): Member[] {
  return board.members.filter((member) => member.accepted && !member.isDeleted);
}

/** A member's visible name: the name, or the e-mail when there is none. */
export function memberLabel(member: Pick<Member, 'name' | 'email'>): string {
  return member.name.trim() || member.email;
}
