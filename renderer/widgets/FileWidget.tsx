import { useRef, useState } from 'react';
import type { DragEvent, ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { formContextOf } from '../formContext.ts';
import { controlAttributes } from './controlAttributes.ts';
import { fileRulesOf, uploadedFilesOf } from './fileRules.ts';
import { useFileUploads } from './useFileUploads.ts';

/**
 * File upload: a native file input (keyboard usable, labelled by the FieldTemplate) inside an area
 * files can be dropped on. Chosen files are checked against type, size and count before upload
 * (German message in role="alert"), uploaded through the form context with a labelled progress
 * bar, and listed with a remove button each. The value is the list of uploaded files
 * ({id, name, type, size}), undefined when empty. Without an upload service the picker is disabled.
 */
export function FileWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const context = formContextOf(props.registry);
  const { t } = context;
  const files = uploadedFilesOf(props.value);
  const rules = fileRulesOf(
    { accept: props.options.accept, maxFiles: props.options['maxFiles'] },
    context.fileLimits,
  );
  const uploads = useFileUploads(files, rules, context, onChange);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const unavailable = context.upload === undefined;
  const attributes = controlAttributes(props);
  const disabled = attributes.disabled || props.readonly === true || unavailable;

  const dragOver = (event: DragEvent<HTMLDivElement>): void => {
    if (disabled) return;
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) uploads.choose(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="file-upload">
      <div
        className={dragging ? 'file-upload__drop file-upload__drop--active' : 'file-upload__drop'}
        onDragOver={dragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <input
          {...attributes}
          ref={input}
          className="file-upload__input"
          type="file"
          accept={rules.accept.join(',')}
          multiple={rules.maxCount > 1}
          disabled={disabled}
          onChange={(event) => {
            uploads.choose(Array.from(event.target.files ?? []));
            // Lets the same file be chosen again after a problem or a removal.
            event.target.value = '';
          }}
          onBlur={() => onBlur(id, props.value)}
          onFocus={() => onFocus(id, props.value)}
        />
        {unavailable ? null : <p className="file-upload__hint">{t('common:widgets.file.drop')}</p>}
      </div>
      {unavailable ? (
        <p className="file-upload__unavailable">{t('common:widgets.file.unavailable')}</p>
      ) : null}
      <div className="file-upload__error" role="alert">
        {uploads.error}
      </div>
      {uploads.inProgress.map((item) => (
        <progress
          key={item.key}
          className="file-upload__progress"
          max={1}
          value={item.fraction}
          aria-label={t('common:widgets.file.progress', { name: item.name })}
        />
      ))}
      {files.length > 0 ? (
        <ul className="file-upload__list" aria-label={t('common:widgets.file.list')}>
          {files.map((file) => (
            <li className="file-upload__file" key={file.id}>
              <span className="file-upload__name">{file.name}</span>
              <button
                type="button"
                className="file-upload__remove"
                aria-label={t('common:widgets.file.removeNamed', { name: file.name })}
                disabled={attributes.disabled}
                onClick={() => {
                  uploads.remove(file);
                  input.current?.focus();
                }}
              >
                {t('common:widgets.file.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="visually-hidden" role="status">
        {uploads.status}
      </div>
    </div>
  );
}
