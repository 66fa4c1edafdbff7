import { type Static, Type } from 'typebox';
import { User } from './auth.js';
import { Body, errors, Id, Success } from './common.js';
import { BodyId } from './ids.js';

export { IMAGE_TYPES, type ImageType } from './image-types.js';

export const FileItem = Type.Object({
  id: Type.Integer(),
  boardId: Type.Integer(),
  taskId: Type.String(),
  name: Type.String(),
  url: Type.String({ description: 'the object path without a signature; open it through GET /api/file/get' }),
  type: Type.String(),
  size: Type.Integer(),
});
export type FileItem = Static<typeof FileItem>;

export const MESSAGES = {
  name: 'Введите имя файла',
  type: 'Некорректный тип файла',
  size: 'Некорректный размер файла',
  tooLarge: (max: number) => `Файл больше ${max} байт`,
  task: 'Задача не найдена',
  url: 'Некорректная ссылка на файл',
  notUploaded: 'Файл не загружен или его размер не совпадает',
  alreadyAdded: 'Этот файл уже добавлен',
  stale: 'Загрузка устарела, загрузите файл заново',
  notImage: 'Аватар должен быть картинкой PNG, JPEG, GIF или WebP',
  badSignature: 'Ссылка недействительна',
  expired: 'Срок действия ссылки истёк',
  wrongType: 'Тип файла не совпадает с указанным при получении ссылки',
  tooLargeForLink: 'Файл больше указанного размера',
  tooSmall: 'Файл меньше указанного размера',
  exists: 'Файл уже загружен',
  noFile: 'Отправьте файл в поле file',
} as const;

const common = { tags: ['files'], security: [{ bearer: [] }] };
/** The signed object routes need no token: the link's signature is the permission. */
const signed = { tags: ['files'] };

const FileName = Type.String({ minLength: 1, maxLength: 255, 'x-error': MESSAGES.name });
const ContentType = Type.String({ maxLength: 255, 'x-error': MESSAGES.type });
const Size = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, 'x-error': MESSAGES.size });
const Signature = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', 'x-error': MESSAGES.badSignature });
const Expires = Type.Integer({ minimum: 0, 'x-error': MESSAGES.badSignature });
const ObjectParams = Type.Object({
  '*': Type.String({
    description: 'the object key as the signed link gives it; it may contain slashes (`avatars/<name>`)',
  }),
});
const Url = Type.Object({ url: Type.String() });

export const UploadLink = {
  operationId: 'getFileUploadLink',
  summary: 'A signed link to upload a task attachment to',
  ...common,
  querystring: Type.Object({ name: FileName, boardId: Id, taskId: Id, type: ContentType, size: Size }),
  response: { 200: Url, ...errors(400, 401, 403, 404) },
};

/** PUT (raw body) and POST (multipart/form-data with one `file` part) of a signed upload link. */
export const PutObject = {
  operationId: 'putObject',
  summary: 'Upload the bytes of a signed upload link (raw body)',
  security: [],
  ...signed,
  params: ObjectParams,
  querystring: Type.Object({ size: Size, type: ContentType, expires: Expires, signature: Signature }),
  response: { 200: Success, ...errors(400, 403, 404, 409, 413, 415) },
};

export const PostObject = {
  ...PutObject,
  operationId: 'postObject',
  summary: 'Upload the bytes of a signed upload link (multipart/form-data, one `file` part)',
};

export const GetObject = {
  operationId: 'getObject',
  summary: 'Download a file by its signed link, or an avatar',
  security: [],
  ...signed,
  params: ObjectParams,
  querystring: Type.Object({ expires: Type.Optional(Expires), signature: Type.Optional(Signature) }),
  response: {
    200: Type.Unsafe<unknown>({ type: 'string', format: 'binary', description: 'the bytes' }),
    ...errors(400, 403, 404),
  },
};

export const AddFile = {
  operationId: 'addFile',
  summary: 'Attach an uploaded file to a task',
  ...common,
  body: Body({
    boardId: BodyId(),
    taskId: BodyId(MESSAGES.task),
    name: FileName,
    url: Type.String({ minLength: 1, maxLength: 2000, 'x-error': MESSAGES.url }),
    type: ContentType,
    size: Size,
  }),
  response: {
    200: Type.Array(FileItem, { description: "the task's files, oldest first" }),
    ...errors(400, 401, 403, 404),
  },
};

export const GetFile = {
  operationId: 'getFileLink',
  summary: 'A short-lived signed link to download an attachment',
  ...common,
  querystring: Type.Object({ id: Id }),
  response: { 200: Url, ...errors(400, 401, 403, 404) },
};

export const DeleteFile = {
  operationId: 'deleteFile',
  summary: 'Remove an attachment from a task',
  ...common,
  params: Type.Object({ boardId: Id, id: Id }),
  response: {
    200: Type.Array(FileItem, { description: 'the files left on the task' }),
    ...errors(400, 401, 403, 404),
  },
};

export const AvatarUploadLink = {
  operationId: 'getAvatarUploadLink',
  summary: 'A signed link to upload an avatar to',
  ...common,
  querystring: Type.Object({ name: FileName, type: ContentType, size: Size }),
  response: {
    200: Type.Object({ uploadUrl: Type.String(), objectUrl: Type.String() }),
    ...errors(400, 401),
  },
};

export const AddAvatar = {
  operationId: 'setAvatar',
  summary: 'Make an uploaded picture the avatar',
  ...common,
  body: Body({ url: Type.String({ minLength: 1, maxLength: 2000, 'x-error': MESSAGES.url }) }),
  response: { 200: User, ...errors(400, 401) },
};
